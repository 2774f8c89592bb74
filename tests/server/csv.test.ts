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

  it('quotes a cell with a semicolon, so a semicolon-separated spreadsheet keeps it one cell', () => {
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('a；b')).toBe('a；b');
  });

  it('starts with a BOM and ends rows with CRLF', () => {
    expect(toCsv(['名', '值'], [['甲', 1]])).toBe('\uFEFF名,值\r\n甲,1\r\n');
  });
});
