/** The exports' CSV: quoting, the BOM, and cells that would run as a formula in a spreadsheet. */
import { csvCell, toCsv } from '../../server/http/csv';

describe('csv', () => {
  it('quotes what needs it and leaves the rest', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-5)).toBe('-5');
  });

  it.each(['=1+1', '+1', '-cmd', '@SUM(A1)', '\tx', '\rx', '＝1+1', '＋1', '－cmd', '＠SUM(A1)'])('makes %j inert as a formula', (text) => {
    expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('writes an amount in yuan the server formatted with its sign, and still guards one that is not an amount', () => {
    expect(csvCell('-8.00', true)).toBe('-8.00');
    expect(csvCell('-8.00')).toBe("'-8.00");
    expect(csvCell('-1+cmd', true)).toBe("'-1+cmd");
  });

  it('quotes a cell with a semicolon, so a semicolon-separated spreadsheet keeps it one cell', () => {
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('a；b')).toBe('a；b');
  });

  it('keeps an 18-digit order number and a leading zero as text: a spreadsheet reads them back as written', () => {
    // A spreadsheet reads the quoted field as ="202611271234567890": a text formula, shown and kept as the text.
    expect(csvCell('202611271234567890')).toBe('"=""202611271234567890"""');
    expect(csvCell('0001')).toBe('"=""0001"""');
    // What a spreadsheet would keep anyway stays as it is; numbers are numbers.
    expect(csvCell('12345')).toBe('12345');
    expect(csvCell('0')).toBe('0');
    expect(csvCell(202611271234567)).toBe('202611271234567');
    // Only digits: anything else is not taken for one (and a formula start stays inert).
    expect(csvCell('=202611271234567890')).toBe("'=202611271234567890");
    expect(csvCell('2026112712345678x')).toBe('2026112712345678x');
  });

  it('starts with a BOM and ends rows with CRLF', () => {
    expect(toCsv(['名', '值'], [['甲', 1]])).toBe('\uFEFF名,值\r\n甲,1\r\n');
  });
});
