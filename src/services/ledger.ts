/** `/api/admin/ledger/*`, `bankCard/*`, `withdrawal/*`: the salesperson's money. */
import type { AddCardBody } from '#contract/api/bankCard';
import type { RejectWithdrawalBody, RequestWithdrawalBody } from '#contract/api/withdrawal';
import { callApiAnswer as callApi } from '@/services/request';

export const getBalance = () => callApi('ledger/balance', {});

export const listCards = () => callApi('bankCard/list', { pageSize: 100 });

export const addCard = (body: AddCardBody) => callApi('bankCard/add', body);

export const removeCard = (id: number) => callApi('bankCard/remove', { id });

export const setDefaultCard = (id: number) => callApi('bankCard/setDefault', { id });

export const requestWithdrawal = (body: RequestWithdrawalBody) => callApi('withdrawal/request', body);

export const approveWithdrawal = (id: number) => callApi('withdrawal/approve', { id });

export const rejectWithdrawal = (body: RejectWithdrawalBody) => callApi('withdrawal/reject', body);

/** One of the caller's own withdrawals, by id (a ledger entry's link to it). */
export const ownWithdrawal = async (id: number) => {
  const answer = await callApi('withdrawal/mine', { id, current: 1, pageSize: 1 });
  return answer.isSuccess ? answer.content.list[0] : undefined;
};
