/** `/api/admin/order/*` */
import { callApi } from '@/services/request';
import type {
  AccountOption,
  CreateOrderBody,
  LevelOnSale,
  MemberCenter,
  OrderActionBody,
  OrderItem,
  PendingOrder,
  RechargeBody,
} from '#contract/orders';

export const getMemberCenter = () => callApi<MemberCenter>('order/center', {});

export const listLevelsOnSale = () => callApi<LevelOnSale[]>('order/levels', {});

export const createOrder = (body: CreateOrderBody) => callApi<PendingOrder>('order/create', body);

export const confirmOrder = (body: OrderActionBody) => callApi<{ expiresAfter: string }>('order/confirm', body);

export const cancelOrder = (body: OrderActionBody) => callApi<{ orderNo: string }>('order/cancel', body);

export const refundOrder = (body: OrderActionBody) => callApi<{ membership: string }>('order/refund', body);

export const rechargeAccount = (body: RechargeBody) => callApi<OrderItem>('order/recharge', body);

export const searchAccounts = (keyword: string) =>
  callApi<AccountOption[]>('order/searchAccounts', { keyword }, { errorToast: false });
