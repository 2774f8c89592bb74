/** `/api/admin/ledger/*`, `bankCard/*`, `withdrawal/*`: the salesperson's money. */
import { callApi } from '@/services/request';
import type {
  AddCardBody,
  BankCard,
  LedgerBalance,
  RejectWithdrawalBody,
  RequestWithdrawalBody,
  Withdrawal,
} from '#contract/ledger';
import type { Page } from '#contract/api';

export const getBalance = () => callApi<LedgerBalance>('ledger/balance', {});

export const listCards = () => callApi<Page<BankCard>>('bankCard/list', { pageSize: 100 });

export const addCard = (body: AddCardBody) => callApi<BankCard>('bankCard/add', body);

export const removeCard = (id: number) => callApi<{ id: number }>('bankCard/remove', { id });

export const setDefaultCard = (id: number) => callApi<BankCard>('bankCard/setDefault', { id });

export const requestWithdrawal = (body: RequestWithdrawalBody) => callApi<Withdrawal>('withdrawal/request', body);

export const approveWithdrawal = (id: number) => callApi<Withdrawal>('withdrawal/approve', { id });

export const rejectWithdrawal = (body: RejectWithdrawalBody) => callApi<Withdrawal>('withdrawal/reject', body);
