/**
 * The console's antd themes, light and dark, with every text colour dark (or light) enough to read
 * (WCAG 2.1 AA: 4.5:1 against the backgrounds it sits on; checked by tests/web/theme.test.ts on
 * antd's own derived tokens, and on the screens by e2e/screens-audit.spec.ts with axe-core).
 *
 * Light: antd's defaults fail: primary #1677ff is 4.1:1 on white, tertiary / description text
 * #8c8c8c 3.4:1, the status and preset tags' texts 2.5–3.5:1.
 * Dark: antd's dark algorithm derives the primary colour from the seed by mixing it with the dark
 * background, so a seed dark enough for white button text (4.5:1) yields links of about 3:1 on the
 * dark cards. The dark seeds are light ones instead, and the primary button's text is dark.
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';

export type ThemeMode = 'light' | 'dark';

/**
 * The primary colours the settings drawer offers: a seed per theme, each passing 4.5:1 as text on
 * that theme's backgrounds and under the primary button's text (antd's preset names).
 */
export const PRIMARY_PRESETS = {
  blue: { name: '拂晓蓝', light: '#0958d9', dark: '#69b1ff' },
  geekblue: { name: '极客蓝', light: '#1d39c4', dark: '#85a5ff' },
  cyan: { name: '明青', light: '#006d75', dark: '#13c2c2' },
  green: { name: '极光绿', light: '#237804', dark: '#52c41a' },
  purple: { name: '酱紫', light: '#531dab', dark: '#d3adf7' },
} as const;
export type PrimaryPreset = keyof typeof PRIMARY_PRESETS;
export const DEFAULT_PRIMARY: PrimaryPreset = 'blue';

interface ModeColors {
  /** antd red-7 (light): 5.6:1 on white, 4.8:1 on its own light background. */
  error: string;
  /** Secondary-most text (descriptions, empty states, list metas, the header's actions). */
  textTertiary: string;
  /**
   * Text that reads as unavailable but is still read (a 删除 that explains in its tooltip why not,
   * an empty table's sentence, a locked Select's value). Disabled controls elsewhere keep antd's.
   */
  textMuted: string;
  successText: string;
  warningText: string;
}

const MODE_COLORS: Record<ThemeMode, ModeColors> = {
  // #666 on white 5.7:1; #707070 4.9:1; green-8, orange-8.
  light: { error: '#cf1322', textTertiary: 'rgba(0, 0, 0, 0.6)', textMuted: '#707070', successText: '#237804', warningText: '#ad4e00' },
  // On antd's dark cards (#141414) and dialogs (#1f1f1f); the seeds give derived colours of 5:1 and more.
  dark: {
    error: '#ff7875',
    textTertiary: 'rgba(255, 255, 255, 0.6)',
    textMuted: '#9a9a9a',
    successText: '#73d13d',
    warningText: '#ffc53d',
  },
};

/**
 * Light tags: a status tag writes its text in the status colour, a preset tag in the colour's 7th
 * shade on its 1st. Darker shades for the tags only, so alerts, badges and icons keep antd's.
 * The dark algorithm's own 7th shades are light enough on its dark 1st shades.
 */
const LIGHT_TAG_TOKENS = {
  green7: '#237804',
  gold7: '#874d00',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  cyan7: '#006d75',
  lime7: '#3f6600',
  yellow7: '#614700',
};

/** Dark tags: the dark algorithm's 7th shades of purple and geekblue (3.5:1 and 4.3:1 on their 1st) are replaced by lighter ones. */
const DARK_TAG_TOKENS = { purple7: '#b37feb', geekblue7: '#85a5ff' };

/**
 * Chart colours (src/components/charts), in series order: each at least 4.5:1 against its theme's
 * card, so a bar or a line reads as well as text does (WCAG 1.4.11 asks 3:1 of graphics).
 * Light: blue-7 6.2:1, orange-8 5.8:1, green-8 6.4:1, cyan-8 6.0:1, purple-7 8.6:1, magenta-8 7.3:1.
 * Dark: the 4th–5th shades of the same hues.
 */
const CHART_COLORS: Record<ThemeMode, readonly string[]> = {
  light: ['#0958d9', '#ad4e00', '#237804', '#006d75', '#531dab', '#9e1068'],
  dark: ['#69b1ff', '#ffa940', '#73d13d', '#36cfc9', '#b37feb', '#f759ab'],
};

export interface ChartPalette {
  colors: readonly string[];
  /** The axes' labels: the tertiary text colour. */
  axisText: string;
  /** Grid lines: decoration only, so faint. */
  gridLine: string;
  /** The tooltip: antd's elevated surface and text. */
  tooltipBackground: string;
  tooltipText: string;
}

export const CHART_PALETTES: Record<ThemeMode, ChartPalette> = {
  light: {
    colors: CHART_COLORS.light,
    axisText: MODE_COLORS.light.textTertiary,
    gridLine: '#e8e8e8',
    tooltipBackground: '#ffffff',
    tooltipText: 'rgba(0, 0, 0, 0.88)',
  },
  dark: {
    colors: CHART_COLORS.dark,
    axisText: MODE_COLORS.dark.textTertiary,
    gridLine: '#303030',
    tooltipBackground: '#1f1f1f',
    tooltipText: 'rgba(255, 255, 255, 0.85)',
  },
};

/** The dark menu's band under the page shown (ProLayout's menu in the dark theme is antd's dark Menu). */
const DARK_MENU_SELECTED_BACKGROUND = 'rgba(255, 255, 255, 0.14)';

const HOVER_SHIFT = 0.12;
const PRESSED_SHIFT = 0.24;

/**
 * A hovered or pressed shade of `seed`: moved by `shift` toward the theme's text (black in the light
 * theme, white in the dark), so it reads at least as well as the seed, which passes 4.5:1 on the
 * backgrounds and under the primary button's text. antd derives them the other way, toward the
 * background, and several fell under 4.5:1 (the default blue's hovered button 4.2:1, the dark
 * theme's hovered links 2.3–3.0:1, its pressed button 3.9–4.1:1).
 */
function towardText(seed: string, mode: ThemeMode, shift: number): string {
  const target = mode === 'light' ? 0 : 255;
  const channels = [1, 3, 5].map((start) => Number.parseInt(seed.slice(start, start + 2), 16));
  return `#${channels
    .map((value) =>
      Math.round(value + (target - value) * shift)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export interface ThemeChoice {
  mode: ThemeMode;
  compact: boolean;
  primary: PrimaryPreset;
}

export const DEFAULT_THEME_CHOICE: ThemeChoice = { mode: 'light', compact: false, primary: DEFAULT_PRIMARY };

/**
 * The antd theme of a choice: the algorithms (dark, compact) and the readable tokens; without
 * motions for a system that asks for reduced motion.
 */
export function buildTheme({ mode, compact, primary }: ThemeChoice, { reducedMotion = false } = {}): ThemeConfig {
  const colors = MODE_COLORS[mode];
  const preset = PRIMARY_PRESETS[primary] ?? PRIMARY_PRESETS[DEFAULT_PRIMARY];
  const seed = preset[mode];
  const algorithm = [
    mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    ...(compact ? [antdTheme.compactAlgorithm] : []),
  ];
  const hovered = towardText(seed, mode, HOVER_SHIFT);
  const pressed = towardText(seed, mode, PRESSED_SHIFT);
  const statusTokens = { colorSuccess: colors.successText, colorWarning: colors.warningText, colorError: colors.error, colorInfo: seed };
  return {
    algorithm,
    token: {
      colorPrimary: seed,
      colorInfo: seed,
      colorLink: seed,
      colorPrimaryHover: hovered,
      colorPrimaryActive: pressed,
      colorLinkHover: hovered,
      colorLinkActive: pressed,
      colorError: colors.error,
      colorTextTertiary: colors.textTertiary,
      colorTextDescription: colors.textTertiary,
      motion: !reducedMotion,
    },
    components: {
      Tag: { ...statusTokens, ...(mode === 'light' ? LIGHT_TAG_TOKENS : DARK_TAG_TOKENS) },
      Typography: {
        colorSuccess: colors.successText,
        colorSuccessText: colors.successText,
        colorWarning: colors.warningText,
        colorWarningText: colors.warningText,
        colorTextDisabled: colors.textMuted,
      },
      Table: { colorTextDisabled: colors.textMuted },
      Select: { colorTextDisabled: colors.textMuted },
      ...(mode === 'dark' && {
        // The light primary takes dark text (white on it is 3:1).
        Button: { primaryColor: 'rgba(0, 0, 0, 0.88)' },
        // A switch keeps its white label (an unchecked one is grey): on the light theme's darker shade.
        Switch: { colorPrimary: preset.light, colorPrimaryHover: preset.light },
        Radio: { buttonSolidCheckedColor: 'rgba(0, 0, 0, 0.88)' },
        // The layout's dark menu marks the page shown with a lighter band, not the primary under white text.
        Menu: { darkItemSelectedBg: DARK_MENU_SELECTED_BACKGROUND, darkItemSelectedColor: 'rgba(255, 255, 255, 0.95)' },
      }),
    },
  };
}
