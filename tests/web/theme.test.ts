/**
 * Every theme the settings drawer can choose keeps its texts readable: 4.5:1 (WCAG 2.1 AA) for the
 * colours antd derives from our seeds, on the backgrounds they are drawn on, in both themes.
 */
import { theme } from 'antd';
import { PresetColors } from 'antd/es/theme/interface';
import { buildTheme, CHART_PALETTES, PRIMARY_PRESETS, type PrimaryPreset, type ThemeMode } from '@/theme';
import { contrast } from './support/contrast';
import { ONE_DARK_BACKGROUNDS, readableOneDarkHighlightStyle } from '@/pages/client/system/JsonEditor/components/codeTheme';

const MODES: ThemeMode[] = ['light', 'dark'];
const PRESETS = Object.keys(PRIMARY_PRESETS) as PrimaryPreset[];
const AA = 4.5;

const tokensOf = (mode: ThemeMode, primary: PrimaryPreset, compact = false) => {
  const config = buildTheme({ mode, primary, compact });
  return { config, token: theme.getDesignToken(config) };
};

describe.each(MODES)('the %s theme', (mode) => {
  test.each(PRESETS)('primary %s: links, selected tabs and the primary button (hovered and pressed too) read at 4.5:1', (primary) => {
    const { config, token } = tokensOf(mode, primary);
    const grounds = [token.colorBgContainer, token.colorBgElevated, token.colorBgLayout];
    for (const ground of grounds) {
      expect(contrast(token.colorPrimary, ground)).toBeGreaterThanOrEqual(AA);
      for (const link of [token.colorLink, token.colorLinkHover, token.colorLinkActive])
        expect(contrast(link, ground)).toBeGreaterThanOrEqual(AA);
    }
    const buttonText = config.components?.Button?.primaryColor ?? token.colorTextLightSolid;
    for (const fill of [token.colorPrimary, token.colorPrimaryHover, token.colorPrimaryActive])
      expect(contrast(buttonText, fill, fill)).toBeGreaterThanOrEqual(AA);
  });

  test('secondary, error and status texts read at 4.5:1 on cards and dialogs', () => {
    const { config, token } = tokensOf(mode, 'blue');
    const typography = config.components!.Typography as Record<string, string>;
    for (const ground of [token.colorBgContainer, token.colorBgElevated]) {
      for (const text of [
        token.colorText,
        token.colorTextSecondary,
        token.colorTextTertiary,
        token.colorTextDescription,
        token.colorError,
        typography.colorSuccessText,
        typography.colorWarningText,
        typography.colorTextDisabled,
      ]) {
        expect(contrast(text, ground, ground)).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  test("every preset tag (its 7th shade on its 1st) and the switch's label read at 4.5:1", () => {
    const { config, token } = tokensOf(mode, 'blue');
    const tag = { ...token, ...(config.components!.Tag as object) } as unknown as Record<string, string>;
    const unreadable = PresetColors.filter((color) => contrast(tag[`${color}7`], tag[`${color}1`], token.colorBgContainer) < AA);
    expect(unreadable).toEqual([]);
    for (const primary of PRESETS) {
      const { config: withPreset, token: presetToken } = tokensOf(mode, primary);
      const switchToken = { ...presetToken, ...(withPreset.components?.Switch as object) };
      expect(contrast(switchToken.colorTextLightSolid, switchToken.colorPrimary, switchToken.colorPrimary)).toBeGreaterThanOrEqual(AA);
    }
  });

  test('chart series and axis labels read at 4.5:1 on the card', () => {
    const { token } = tokensOf(mode, 'blue');
    const palette = CHART_PALETTES[mode];
    for (const color of [...palette.colors, palette.axisText])
      expect(contrast(color, token.colorBgContainer, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
    expect(contrast(palette.tooltipText, palette.tooltipBackground)).toBeGreaterThanOrEqual(AA);
  });
});

test('dark and compact are antd algorithms; the default is the light theme', () => {
  expect(buildTheme({ mode: 'dark', compact: true, primary: 'blue' }).algorithm).toEqual([theme.darkAlgorithm, theme.compactAlgorithm]);
  expect(buildTheme({ mode: 'light', compact: false, primary: 'blue' }).algorithm).toEqual([theme.defaultAlgorithm]);
  expect(tokensOf('dark', 'blue').token.colorBgContainer).toBe('#141414');
  expect(tokensOf('light', 'blue', true).token.controlHeight).toBeLessThan(tokensOf('light', 'blue').token.controlHeight);
});

test('an unknown preset (an old stored choice) falls back to the default primary', () => {
  expect(buildTheme({ mode: 'light', compact: false, primary: 'nope' as PrimaryPreset }).token?.colorPrimary).toBe(
    PRIMARY_PRESETS.blue.light,
  );
});

test('the script editor’s code colours in the dark theme read at 4.5:1 on the editor and on the active line', () => {
  const colours = readableOneDarkHighlightStyle.specs.map((spec) => spec.color).filter((color): color is string => Boolean(color));
  expect(colours.length).toBeGreaterThan(5);
  for (const ground of ONE_DARK_BACKGROUNDS) {
    const unreadable = colours.filter((color) => contrast(color, ground, ground) < AA);
    expect(unreadable).toEqual([]);
  }
});
