import { commissionOf, formatRate, formatYuan, parseYuan } from '#contract/money';

describe('money', () => {
  it('formats cents as yuan with two decimals and thousands separators', () => {
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(29900)).toBe('299.00');
    expect(formatYuan(123456789)).toBe('1,234,567.89');
    expect(formatYuan(-1050)).toBe('-10.50');
    expect(() => formatYuan(1.5)).toThrow();
  });

  it('parses yuan to cents exactly and refuses anything else', () => {
    expect(parseYuan('0.1')).toBe(10);
    expect(parseYuan(' 299 ')).toBe(29900);
    expect(parseYuan('1.15')).toBe(115);
    expect(parseYuan('1.155')).toBeNull();
    expect(parseYuan('-1')).toBeNull();
    expect(parseYuan('1e3')).toBeNull();
    expect(parseYuan('')).toBeNull();
  });

  it('computes commissions to the cent, rounding half up', () => {
    expect(commissionOf(29900, 1000)).toBe(2990);
    expect(commissionOf(9900, 1250)).toBe(1238);
    expect(commissionOf(1, 5000)).toBe(1);
    expect(commissionOf(1, 4999)).toBe(0);
    expect(formatRate(1250)).toBe('12.5%');
    expect(formatRate(1000)).toBe('10%');
  });
});
