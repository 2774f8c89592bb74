import { parseProductIds, productIdsProblem } from '@/extensionBridge/productIds';

describe('product id list', () => {
  it('reads ids one per line or comma separated (ASCII or Chinese), keeping the first of duplicates', () => {
    expect(parseProductIds('1001\n1002, 1003，1001\r\n  1004、1002;1005')).toEqual({
      ids: ['1001', '1002', '1003', '1004', '1005'],
      invalid: [],
      duplicates: 2,
    });
  });

  it('reads full-width digits as the same digits, and a mix of both as one id', () => {
    expect(parseProductIds('１００１\n1002 １００２　10０3')).toEqual({ ids: ['1001', '1002', '1003'], invalid: [], duplicates: 1 });
    // Other digit-like characters are not digits: named as typed.
    expect(parseProductIds('①② ²3 ١٢').invalid).toEqual(['①②', '²3', '١٢']);
  });

  it('names entries that are not digits only', () => {
    const parsed = parseProductIds('1001 abc 12x3 -5 1002');
    expect(parsed.ids).toEqual(['1001', '1002']);
    expect(parsed.invalid).toEqual(['abc', '12x3', '-5']);
    expect(productIdsProblem(parsed, 100)).toBe('商品 ID 只能是数字：abc、12x3、-5');
  });

  it('counts the list against the membership quota', () => {
    const three = parseProductIds('1 2 3 3');
    expect(productIdsProblem(three, 3)).toBeNull();
    expect(productIdsProblem(three, 2)).toBe('当前会员每次最多 2 个商品 ID，已输入 3 个');
    expect(productIdsProblem(three, null)).toBe('开通会员后才能加入达人计划');
    expect(productIdsProblem(parseProductIds(' \n ,'), 10)).toBe('请输入商品 ID');
  });
});
