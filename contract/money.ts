/** Money is integer cents end to end; people read and type yuan with two decimals. */

const YUAN_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** 12345 → '123.45'; -5 → '-0.05'. Exact: integer arithmetic, no floating point. */
export function formatYuan(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not an integer number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const yuan = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}${yuan.toLocaleString('en-US')}.${rest}`;
}

/** '123.4' → 12340; anything but a non-negative amount with at most two decimals → null. */
export function parseYuan(text: string): number | null {
  const trimmed = text.trim();
  if (!YUAN_PATTERN.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Basis points as a percentage: 1250 → '12.5%'. */
export const formatRate = (basisPoints: number) => `${Number((basisPoints / 100).toFixed(2))}%`;

/** The commission on `amountCents` at `basisPoints`, rounded half up to the cent. */
export const commissionOf = (amountCents: number, basisPoints: number) => Math.floor((amountCents * basisPoints + 5000) / 10000);
