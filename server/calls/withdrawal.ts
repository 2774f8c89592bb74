/** `withdrawal/*`: a salesperson asks to be paid, staff approve or reject; the rules live in server/money/withdrawals.ts. */
import type { CallHandlers } from '../http/calls';
import { approveWithdrawal, listAllWithdrawals, listOwnWithdrawals, rejectWithdrawal, requestWithdrawal } from '../money/withdrawals';

export const withdrawalHandlers = {
  'withdrawal/request': requestWithdrawal,
  'withdrawal/mine': listOwnWithdrawals,
  'withdrawal/list': listAllWithdrawals,
  'withdrawal/approve': approveWithdrawal,
  'withdrawal/reject': rejectWithdrawal,
} satisfies Partial<CallHandlers>;
