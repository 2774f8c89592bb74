/** The payout card checks the console runs before sending (the server runs the same). */
import { amountProblem } from '@/pages/client/SaleBalanceRecord/WithdrawForm';
import { cardNumberProblem, luhnValid, maskedCard, normaliseCardNumber } from '#contract/ledger';

describe('Luhn check', () => {
  it('accepts numbers whose check digit is right', () => {
    for (const number of ['4111111111111111', '6225880000000001', '6222021000112230', '79927398713', '0']) {
      expect({ number, valid: luhnValid(number) }).toEqual({ number, valid: true });
    }
  });

  it('refuses a wrong check digit, a swap of two digits, and anything but digits', () => {
    for (const number of ['4111111111111112', '6222021000112234', '79927398710', '6225880000000010', '', '4111 1111', '41111111111111a1']) {
      expect({ number, valid: luhnValid(number) }).toEqual({ number, valid: false });
    }
  });
});

describe('card number as typed', () => {
  it('drops spaces and dashes people type', () => {
    expect(normaliseCardNumber(' 6225 8800-0000 0001 ')).toBe('6225880000000001');
  });

  it('names the problem, or none', () => {
    expect(cardNumberProblem('6225 8800 0000 0001')).toBeNull();
    expect(cardNumberProblem('')).toBe('请输入卡号');
    expect(cardNumberProblem('6225 88OO 0000 0001')).toBe('卡号只能包含数字');
    expect(cardNumberProblem('42424242424')).toMatch(/12–19 位/);
    expect(cardNumberProblem('42424242424242424242')).toMatch(/12–19 位/);
    expect(cardNumberProblem('6225880000000002')).toMatch(/校验未通过/);
  });

  it('shows only the last four digits', () => {
    expect(maskedCard('0001')).toBe('•••• 0001');
  });
});

describe('withdrawal amount', () => {
  it('takes yuan with at most two decimals, above zero and within the balance', () => {
    expect(amountProblem('30', 10_000)).toBeNull();
    expect(amountProblem('100.00', 10_000)).toBeNull();
    expect(amountProblem('100.01', 10_000)).toBe('超过可提现余额（¥100.00）');
    expect(amountProblem('0', 10_000)).toBe('提现金额应大于 0');
    expect(amountProblem('1.234', 10_000)).toMatch(/两位小数/);
    expect(amountProblem('-5', 10_000)).toMatch(/正确的金额/);
    expect(amountProblem('', 10_000)).toBe('请输入提现金额');
  });

  it('applies 系统参数: the minimum, more than the fee, and what today leaves of the daily cap', () => {
    const rules = { minWithdrawalCents: 1000, withdrawalFeeCents: 200, dailyRemainingCents: 5000 };
    expect(amountProblem('9.99', 10_000, rules)).toBe('单笔提现不能少于 ¥10.00');
    expect(amountProblem('10', 10_000, rules)).toBeNull();
    expect(amountProblem('50.01', 10_000, rules)).toBe('超过今日提现额度，今日还可提现 ¥50.00');
    expect(amountProblem('2', 10_000, { ...rules, minWithdrawalCents: 1 })).toBe('提现金额应大于手续费 ¥2.00');
    // The balance is said first: it is what the salesperson can act on.
    expect(amountProblem('200', 10_000, rules)).toBe('超过可提现余额（¥100.00）');
  });
});
