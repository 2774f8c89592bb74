/** The `recharge` channel: staff credit an account in 充值管理; the order is created paid. */
import { PAYMENT_CHANNEL_TEXT } from '#contract/text/orders';
import type { PaymentChannel } from './channel';
import { PAYMENT_MESSAGES } from './messages';

export const rechargeChannel: PaymentChannel = {
  name: 'recharge',
  label: PAYMENT_CHANNEL_TEXT.recharge,
  selfService: false,
  confirmation: 'immediate',
  start() {
    return { title: PAYMENT_CHANNEL_TEXT.recharge, steps: [...PAYMENT_MESSAGES.recharge.steps] };
  },
};
