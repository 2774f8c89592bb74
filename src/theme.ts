/**
 * The console's antd theme: antd's default colours with every text colour dark enough to read
 * (WCAG 2.1 AA: 4.5:1 against white and the #f5f5f5 layout background; checked by
 * e2e/screens-audit.spec.ts with axe-core). antd's defaults fail: primary #1677ff is 4.1:1,
 * tertiary / description text #8c8c8c 3.4:1, the status and preset tags' texts 2.5–3.5:1.
 */
import type { ThemeConfig } from 'antd';

/** antd blue-7: 6.2:1 on white (as a button: white text on it). */
export const COLOR_PRIMARY = '#0958d9';
/** antd red-7: 5.6:1 on white, 4.8:1 on its own light background. */
const COLOR_ERROR = '#cf1322';
/** Secondary-most text (descriptions, empty states, list metas, the header's actions): #666 on white, 5.7:1. */
const COLOR_TEXT_TERTIARY = 'rgba(0, 0, 0, 0.6)';
/**
 * Text that reads as unavailable but is still read (a 删除 that explains in its tooltip why not,
 * an empty table's sentence, a locked Select's value): #707070, 4.9:1. Disabled controls elsewhere
 * keep antd's lighter grey.
 */
const COLOR_TEXT_MUTED = '#707070';
const COLOR_SUCCESS_TEXT = '#237804'; // green-8
const COLOR_WARNING_TEXT = '#ad4e00'; // orange-8

/**
 * Tags: a status tag writes its text in the status colour, a preset tag in the colour's 7th
 * shade on its 1st. Darker shades for the tags only, so alerts, badges and icons keep antd's.
 */
const TAG_TOKENS = {
  colorSuccess: COLOR_SUCCESS_TEXT,
  colorWarning: COLOR_WARNING_TEXT,
  colorError: COLOR_ERROR,
  colorInfo: COLOR_PRIMARY,
  green7: '#237804',
  gold7: '#874d00',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  cyan7: '#006d75',
  lime7: '#3f6600',
  yellow7: '#614700',
};

/**
 * Chart colours (src/components/charts), in series order: each at least 4.5:1 against white, so a
 * bar or a line reads as well as text does (WCAG 1.4.11 asks 3:1 of graphics).
 * blue-7 6.2:1, orange-8 5.8:1, green-8 6.4:1, cyan-8 6.0:1, purple-7 8.6:1, magenta-8 7.3:1.
 */
export const CHART_COLORS = ['#0958d9', '#ad4e00', '#237804', '#006d75', '#531dab', '#9e1068'] as const;
/** The axes' labels: the tertiary text colour (#666 on white, 5.7:1). */
export const CHART_AXIS_TEXT = COLOR_TEXT_TERTIARY;
/** Grid lines: decoration only, so lighter. */
export const CHART_GRID_LINE = '#e8e8e8';

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: COLOR_PRIMARY,
    colorInfo: COLOR_PRIMARY,
    colorLink: COLOR_PRIMARY,
    colorError: COLOR_ERROR,
    colorTextTertiary: COLOR_TEXT_TERTIARY,
    colorTextDescription: COLOR_TEXT_TERTIARY,
  },
  components: {
    Tag: TAG_TOKENS,
    Typography: { colorSuccess: COLOR_SUCCESS_TEXT, colorSuccessText: COLOR_SUCCESS_TEXT, colorWarning: COLOR_WARNING_TEXT, colorWarningText: COLOR_WARNING_TEXT, colorTextDisabled: COLOR_TEXT_MUTED },
    Table: { colorTextDisabled: COLOR_TEXT_MUTED },
    Select: { colorTextDisabled: COLOR_TEXT_MUTED },
  },
};
