/** `withdrawal/*`: a salesperson asks to be paid, staff approve or reject; the rules live in server/money/withdrawals.ts. */
import { defineCall } from '../http/calls';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal, requestWithdrawal } from '../money/withdrawals';

export const withdrawalCalls = [
  defineCall('withdrawal/request', ({ db, account, body }) => requestWithdrawal(db, account, body)),
  defineCall('withdrawal/mine', ({ db, account, body }) => listWithdrawals(db, { ...body, username: undefined }, account.id)),
  defineCall('withdrawal/list', ({ db, body }) => listWithdrawals(db, body, null)),
  defineCall('withdrawal/approve', ({ db, account, body, audit }) => approveWithdrawal(db, account.id, body.id, audit)),
  defineCall('withdrawal/reject', ({ db, account, body, audit }) => rejectWithdrawal(db, account.id, body, audit)),
];
