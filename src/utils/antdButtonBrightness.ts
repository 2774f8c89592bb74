/**
 * Stands in for two antd colour-picker modules where antd's button style imports them (see
 * `.umirc.ts`): `color-picker/color` (AggregationColor) and `color-picker/components/ColorPresets`
 * (isBright). The button only needs to know whether its solid colour is bright; the real modules,
 * once any page uses the colour picker (every ProTable page does, through ProField), bring the
 * picker and its presets panel (Collapse and styles, ~8 KB gzipped) into the entry bundle.
 * Same rule as antd: opaque colours by perceived luminance, translucent ones by the brightness
 * they take on the background.
 */
import { FastColor } from '@ant-design/fast-color';

const LUMINANCE_THRESHOLD = 192;

/** The part of antd's AggregationColor the button style uses. */
export class AggregationColor {
  private readonly color: FastColor;

  constructor(color: string) {
    this.color = new FastColor(color);
  }

  toRgb() {
    return this.color.toRgb();
  }

  toRgbString() {
    return this.color.toRgbString();
  }
}

export function isBright(value: Pick<AggregationColor, 'toRgb' | 'toRgbString'>, background: string): boolean {
  const { r, g, b, a } = value.toRgb();
  if (a <= 0.5) return new FastColor(value.toRgbString()).onBackground(background).toHsv().v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > LUMINANCE_THRESHOLD;
}
