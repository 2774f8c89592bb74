/** The `recharge` channel: staff credit an account in 充值管理; the order is created paid. */
import type { PaymentChannel } from './channel';

export const rechargeChannel: PaymentChannel = {
  name: 'recharge',
  label: '后台充值',
  selfService: false,
  confirmation: 'immediate',
  start() {
    return { title: '后台充值', steps: ['该订单由工作人员在充值管理中直接开通，无需支付。'] };
  },
};
