/**
 * CSV for the exports: RFC 4180 quoting, a BOM so that spreadsheet programs read UTF-8 Chinese, and
 * cells that would start a formula (= + - @, tab, carriage return, and the full-width ＝ ＋ － ＠ that
 * a spreadsheet in a Chinese locale reads alike) prefixed with an apostrophe, so an exported value
 * can never run as a formula when the file is opened (OWASP "CSV injection"). A cell holding a
 * semicolon is quoted too: where the semicolon is the list separator (many European locales), an
 * unquoted `x;=1+1` would become two cells, the second a formula.
 *
 * A text of digits that a spreadsheet would read as a number and change is written as the text
 * formula `="…"` (Excel, WPS and LibreOffice show and keep the text): an 18-digit order number
 * (beyond a spreadsheet's 15 significant digits it became 2.02611E+17, then …000) and a number with
 * a leading zero (a card's last four digits, 0001). It holds only digits, so it can run nothing.
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;
const NEEDS_QUOTES = /[",;\r\n]/;
/** Digits a spreadsheet would turn into a number it can not keep as written. */
const FRAGILE_DIGITS = /^(?:\d{12,}|0\d+)$/;

/**
 * One cell. `amount`: a number the server wrote itself (an amount in yuan, `-8.00`), which can not be
 * a formula and keeps its sign instead of an apostrophe.
 */
export function csvCell(value: string | number | null | undefined, amount = false): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FRAGILE_DIGITS.test(text)) text = `="${text}"`;
  else if (typeof value === 'string' && !(amount && /^-?\d+\.\d{2}$/.test(text)) && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map((cell) => csvCell(cell)).join(',')).join('\r\n')}\r\n`;
}
