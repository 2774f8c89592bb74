/** `/api/admin/order/*` */
import { legacyCallApi } from '@/services/request';
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

export const getMemberCenter = () => legacyCallApi<MemberCenter>('order/center', {});

export const listLevelsOnSale = () => legacyCallApi<LevelOnSale[]>('order/levels', {});

export const createOrder = (body: CreateOrderBody) => legacyCallApi<PendingOrder>('order/create', body);

export const confirmOrder = (body: OrderActionBody) => legacyCallApi<{ expiresAfter: string }>('order/confirm', body);

export const cancelOrder = (body: OrderActionBody) => legacyCallApi<{ orderNo: string }>('order/cancel', body);

export const refundOrder = (body: OrderActionBody) => legacyCallApi<{ membership: string }>('order/refund', body);

export const rechargeAccount = (body: RechargeBody) => legacyCallApi<OrderItem>('order/recharge', body);

export const searchAccounts = (keyword: string) =>
  legacyCallApi<AccountOption[]>('order/searchAccounts', { keyword }, { errorToast: false });
