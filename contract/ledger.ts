/**
 * The salesperson's money: ledger kinds, payout cards and withdrawals. The limits and the Luhn check
 * the screens and the server share (the labels are in contract/text/ledger.ts); the call bodies
 * and answers are in contract/api/ledger.ts, bankCard.ts and withdrawal.ts (no TypeBox here: the
 * screens import this).
 */

export const LEDGER_KINDS = ['commission', 'withdrawal', 'refund', 'clawback', 'adjustment'] as const;
export type LedgerKindName = (typeof LEDGER_KINDS)[number];
/** The kinds that take a commission back after a refund: cancelled while held, clawed back once payable. */
export const COMMISSION_REVERSAL_KINDS = ['refund', 'clawback'] as const satisfies readonly LedgerKindName[];

/** A commission's hold (docs/payments.md, "Commissions"): 待结算 until its date, then 已结算, or 已取消 by a refund; 待审核 while its referral is flagged (contract/referrals.ts). */
export const HOLD_STATUSES = ['held', 'released', 'cancelled', 'review'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * A ledger entry's reference: what it belongs to. Written by the server, read back by the screens
 * and the export, which show it in Chinese (contract/text/ledger.ts), never as this key.
 */
export const orderReference = (orderNo: string) => `order:${orderNo}`;
export const WITHDRAWAL_REFERENCE_PREFIX = 'withdrawal:';
export const withdrawalReference = (id: number) => `${WITHDRAWAL_REFERENCE_PREFIX}${id}`;
/** The demo salesperson's opening balance (server/seed/domains/money.ts). */
export const OPENING_BALANCE_REFERENCE = 'demo:opening-balance';

export type LedgerReference =
  { kind: 'order'; orderNo: string } | { kind: 'withdrawal'; id: number } | { kind: 'opening' } | { kind: 'other'; text: string };

export function parseLedgerReference(reference: string): LedgerReference {
  const order = /^order:(\d+)$/.exec(reference);
  if (order) return { kind: 'order', orderNo: order[1] };
  const withdrawal = /^withdrawal:([1-9]\d{0,15})$/.exec(reference);
  if (withdrawal) return { kind: 'withdrawal', id: Number(withdrawal[1]) };
  if (reference === OPENING_BALANCE_REFERENCE) return { kind: 'opening' };
  return { kind: 'other', text: reference };
}

/** Card numbers: 12–19 digits (ISO/IEC 7812), checked with the Luhn algorithm. */
export const CARD_NUMBER_MIN = 12;
export const CARD_NUMBER_MAX = 19;
export const CARD_NUMBER_PATTERN = `^[0-9]{${CARD_NUMBER_MIN},${CARD_NUMBER_MAX}}$`;
export const CARD_HOLDER_MAX = 32;
export const CARD_BANK_MAX = 32;
/** Active payout cards an account may keep. */
export const MAX_CARDS = 10;
export const WITHDRAWAL_NOTE_MAX = 100;
export const REJECT_REASON_MAX = 200;
/** The largest amount one withdrawal may ask for: what parseYuan accepts (9 digits of yuan). */
export const WITHDRAWAL_MAX_CENTS = 99_999_999_999;

/** The number as typed, without the spaces and dashes people put in it. */
export const normaliseCardNumber = (text: string) => text.replace(/[\s-]/g, '');

/** The Luhn (mod 10) check of a string of digits; false for anything that is not only digits. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why a typed card number is refused, or null when it is acceptable (same rules as the server). */
export function cardNumberProblem(text: string): string | null {
  const digits = normaliseCardNumber(text);
  if (!digits) return '请输入卡号';
  if (!/^[0-9]+$/.test(digits)) return '卡号只能包含数字';
  if (digits.length < CARD_NUMBER_MIN || digits.length > CARD_NUMBER_MAX) {
    return `卡号应为 ${CARD_NUMBER_MIN}–${CARD_NUMBER_MAX} 位数字`;
  }
  if (!luhnValid(digits)) return '卡号校验未通过，请核对后重新输入';
  return null;
}

/** `•••• 1234` */
export const maskedCard = (last4: string) => `•••• ${last4}`;
