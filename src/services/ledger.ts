/** `/api/admin/ledger/*`, `bankCard/*`, `withdrawal/*`: the salesperson's money. */
import { legacyCallApi } from '@/services/request';
import type {
  AddCardBody,
  BankCard,
  LedgerBalance,
  RejectWithdrawalBody,
  RequestWithdrawalBody,
  Withdrawal,
} from '#contract/ledger';
import type { Page } from '#contract/api';

export const getBalance = () => legacyCallApi<LedgerBalance>('ledger/balance', {});

export const listCards = () => legacyCallApi<Page<BankCard>>('bankCard/list', { pageSize: 100 });

export const addCard = (body: AddCardBody) => legacyCallApi<BankCard>('bankCard/add', body);

export const removeCard = (id: number) => legacyCallApi<{ id: number }>('bankCard/remove', { id });

export const setDefaultCard = (id: number) => legacyCallApi<BankCard>('bankCard/setDefault', { id });

export const requestWithdrawal = (body: RequestWithdrawalBody) => legacyCallApi<Withdrawal>('withdrawal/request', body);

export const approveWithdrawal = (id: number) => legacyCallApi<Withdrawal>('withdrawal/approve', { id });

export const rejectWithdrawal = (body: RejectWithdrawalBody) => legacyCallApi<Withdrawal>('withdrawal/reject', body);
