/** What the payment channels tell a member about paying an order (会员中心's 待支付 and the order's detail). */
import { formatYuan } from '#contract/money';

export const PAYMENT_MESSAGES = {
  online: {
    title: (amountCents: number) => `请支付 ¥${formatYuan(amountCents)}`,
    steps: (amountCents: number, levelName: string, orderNo: string) => [
      `联系您的专属销售或客服，说明要开通「${levelName}」，并告知订单号 ${orderNo}。`,
      `按工作人员提供的收款方式支付 ¥${formatYuan(amountCents)}，付款备注填写订单号。`,
      '工作人员确认收款后，会员立即生效，可在本页查看新的有效期。',
    ],
  },
  recharge: { steps: ['该订单由工作人员在充值管理中直接开通，无需支付。'] },
} as const;
