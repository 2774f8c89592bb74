/** `withdrawal/*`: a salesperson asks to be paid, staff approve or reject; the rules live in server/money/withdrawals.ts. */
import type { CallHandlers } from '../http/calls';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal, requestWithdrawal } from '../money/withdrawals';

export const withdrawalHandlers = {
  'withdrawal/request': ({ db, account, body }) => requestWithdrawal(db, account, body),
  'withdrawal/mine': ({ db, account, body }) => listWithdrawals(db, { ...body, username: undefined }, account.id),
  'withdrawal/list': ({ db, body }) => listWithdrawals(db, body, null),
  'withdrawal/approve': ({ db, account, body, audit }) => approveWithdrawal(db, account.id, body.id, audit),
  'withdrawal/reject': ({ db, account, body, audit }) => rejectWithdrawal(db, account.id, body, audit),
} satisfies Partial<CallHandlers>;
