/** The built-in `online` channel: the member pays the amount and staff confirm it by hand. */
import { formatYuan } from '#contract/money';
import type { PaymentChannel } from './channel';

export const onlineChannel: PaymentChannel = {
  name: 'online',
  label: '在线支付',
  selfService: true,
  confirmation: 'manual',
  start(order) {
    return {
      title: `请支付 ¥${formatYuan(order.amountCents)}`,
      steps: [
        `联系您的专属销售或客服，说明要开通「${order.levelName}」，并告知订单号 ${order.orderNo}。`,
        `按工作人员提供的收款方式支付 ¥${formatYuan(order.amountCents)}，付款备注填写订单号。`,
        '工作人员确认收款后，会员立即生效，可在本页查看新的有效期。',
      ],
    };
  },
};
