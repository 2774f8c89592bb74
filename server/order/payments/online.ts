/** The built-in `online` channel: the member pays the amount and staff confirm it by hand. */
import { PAYMENT_CHANNEL_TEXT } from '#contract/text/orders';
import type { PaymentChannel } from './channel';
import { PAYMENT_MESSAGES } from './messages';

export const onlineChannel: PaymentChannel = {
  name: 'online',
  label: PAYMENT_CHANNEL_TEXT.online,
  selfService: true,
  confirmation: 'manual',
  start(order) {
    return {
      title: PAYMENT_MESSAGES.online.title(order.amountCents),
      steps: PAYMENT_MESSAGES.online.steps(order.amountCents, order.levelName, order.orderNo),
    };
  },
};
