/** WCAG 2.1 contrast ratios of CSS colours (#rgb, #rrggbb, rgb(), rgba() over a background). */
type Rgba = [number, number, number, number];

export function parseColor(color: string): Rgba {
  const text = color.trim().toLowerCase();
  const hex = text.match(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    const [r, g, b] = [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16));
    const a = digits.length === 8 ? parseInt(digits.slice(6, 8), 16) / 255 : 1;
    return [r, g, b, a];
  }
  const rgb = text.match(/^rgba?\(([^)]+)\)$/);
  if (rgb) {
    const [r, g, b, a = 1] = rgb[1].split(',').map((part) => Number(part.trim()));
    return [r, g, b, a];
  }
  throw new Error(`not a colour: ${color}`);
}

/** `color` drawn over the opaque `background`. */
function over(color: Rgba, background: Rgba): Rgba {
  const [r, g, b, a] = color;
  return [r * a + background[0] * (1 - a), g * a + background[1] * (1 - a), b * a + background[2] * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of text `foreground` on `background` (which may itself be translucent over `base`). */
export function contrast(foreground: string, background: string, base = '#ffffff'): number {
  const ground = over(parseColor(background), parseColor(base));
  const [high, low] = [luminance(over(parseColor(foreground), ground)), luminance(ground)].sort((a, b) => b - a);
  return (high + 0.05) / (low + 0.05);
}
