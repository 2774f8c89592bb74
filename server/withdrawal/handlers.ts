/** `withdrawal/*`: a salesperson asks to be paid, staff approve or reject; the rules live in server/withdrawal/withdrawals.ts. */
import type { CallHandlers } from '../context';
import { approveWithdrawal, listAllWithdrawals, listOwnWithdrawals, rejectWithdrawal, requestWithdrawal } from './withdrawals';

export const withdrawalHandlers = {
  'withdrawal/request': requestWithdrawal,
  'withdrawal/mine': listOwnWithdrawals,
  'withdrawal/list': listAllWithdrawals,
  'withdrawal/approve': approveWithdrawal,
  'withdrawal/reject': rejectWithdrawal,
} satisfies Partial<CallHandlers>;
