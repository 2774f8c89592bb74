import { accountsTotalText } from '@/pages/client/system/UsersManager/text';

describe('users screen pagination total', () => {
  it('shows a capped search total as at least (1000+)', () => {
    expect(accountsTotalText(1000, [1, 10], true)).toBe('第 1-10 条/总共 1000+ 条');
  });

  it('shows an exact total as it is', () => {
    expect(accountsTotalText(42, [11, 20], false)).toBe('第 11-20 条/总共 42 条');
  });
});
