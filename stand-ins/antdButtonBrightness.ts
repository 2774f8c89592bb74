/**
 * Stands in for antd's colour-picker modules where antd's button style and tooltip import them (see
 * `.umirc.ts`): `color-picker/color` (AggregationColor), `color-picker/util` (generateColor) and
 * `color-picker/components/ColorPresets` (isBright). Both only need a colour's RGB and whether it
 * is bright; the real modules, once any page uses the colour picker (every ProTable page does,
 * through ProField), bring the whole picker and its presets panel (Collapse and styles, ~8 KB
 * gzipped) into the entry bundle and into the login page's chunks.
 * Same rule as antd: opaque colours by perceived luminance, translucent ones by the brightness
 * they take on the background.
 */
import { FastColor } from '@ant-design/fast-color';

const LUMINANCE_THRESHOLD = 192;

/** The part of antd's AggregationColor the button style uses. */
export class AggregationColor {
  private readonly color: FastColor;

  /** No colour is transparent black, as antd's cleared colour. */
  constructor(color?: string) {
    this.color = new FastColor(color || { r: 0, g: 0, b: 0, a: 0 });
  }

  toRgb() {
    return this.color.toRgb();
  }

  toRgbString() {
    return this.color.toRgbString();
  }
}

export const generateColor = (color?: string) => new AggregationColor(color);

export function isBright(value: Pick<AggregationColor, 'toRgb' | 'toRgbString'>, background: string): boolean {
  const { r, g, b, a } = value.toRgb();
  if (a <= 0.5) return new FastColor(value.toRgbString()).onBackground(background).toHsv().v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > LUMINANCE_THRESHOLD;
}
