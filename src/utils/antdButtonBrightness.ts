/**
 * Stands in for antd's `color-picker/components/ColorPresets` where antd's button style imports it
 * (see `.umirc.ts`). The button only needs `isBright`; importing the real module into the entry
 * bundle drags the colour picker's presets panel along (Collapse and its styles, ~7 KB gzipped)
 * as soon as any page uses the colour picker, which every ProTable page does through ProField.
 * Same rule as antd: opaque colours by perceived luminance, translucent ones by the brightness
 * they take on the background.
 */
import { FastColor } from '@ant-design/fast-color';

interface RgbColor {
  toRgb(): { r: number; g: number; b: number; a: number };
  toRgbString(): string;
}

const LUMINANCE_THRESHOLD = 192;

export function isBright(value: RgbColor, background: string): boolean {
  const { r, g, b, a } = value.toRgb();
  if (a <= 0.5) return new FastColor(value.toRgbString()).onBackground(background).toHsv().v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > LUMINANCE_THRESHOLD;
}
