/** The theme the console is drawn in now (ThemedRoot provides it): for what antd's tokens do not colour, such as the charts' canvas. */
import { createContext, useContext } from 'react';
import type { ThemeMode } from '@/theme';

export const ThemeModeContext = createContext<ThemeMode>('light');

export const useThemeMode = (): ThemeMode => useContext(ThemeModeContext);
