/** `/api/admin/order/*` */
import type { CreateOrderBody, OrderActionBody, RechargeBody } from '#contract/api/order';
import { callApiAnswer as callApi } from '@/services/request';

export const getMemberCenter = () => callApi('order/center', {});

export const listLevelsOnSale = () => callApi('order/levels', {});

export const createOrder = (body: CreateOrderBody) => callApi('order/create', body);

export const confirmOrder = (body: OrderActionBody) => callApi('order/confirm', body);

export const cancelOrder = (body: OrderActionBody) => callApi('order/cancel', body);

export const refundOrder = (body: OrderActionBody) => callApi('order/refund', body);

export const rechargeAccount = (body: RechargeBody) => callApi('order/recharge', body);

export const searchAccounts = (keyword: string) => callApi('order/searchAccounts', { keyword }, { errorToast: false });
