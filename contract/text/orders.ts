/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */

import type { PaymentChannelName } from '#contract/orders';

export const PAYMENT_CHANNEL_TEXT: Record<PaymentChannelName, string> = {
  online: '在线支付',
  recharge: '后台充值',
};

/** The member centre, order list and recharge screens' strings the tests look for. */
export const ORDER_TEXT = {
  memberCenter: {
    currentTitle: '我的会员',
    noMembership: '未开通会员',
    levelsTitle: '会员套餐',
    pendingTitle: '待支付订单',
    buy: '立即开通',
    renew: '续费',
    switchTo: '切换套餐',
    buyDialogTitle: '确认订单',
    submitOrder: '提交订单',
    created: '订单已提交',
    switchWarning: '切换套餐后，有效期自支付时起重新计算，当前套餐的剩余时间不保留。',
    cancelOrder: '取消订单',
    cancelConfirm: '确定取消该订单吗？',
    cancelled: '订单已取消',
    /** The buy dialog, when the level chosen already has a pending order (one per level). */
    pendingSameLevel: (orderNo: string) => `该套餐已有待支付订单 ${orderNo}，请完成支付或取消后再下单。`,
    /** The buy dialog, when other levels have pending orders: paying each would change the membership. */
    pendingOtherLevels: (names: string) => `您还有待支付的订单：${names}。每笔订单确认收款后都会改变会员，请勿重复支付。`,
  },
  orderList: {
    confirm: '确认收款',
    confirmPrompt: '确认已收到该订单的款项？确认后会员立即生效。',
    confirmed: '已确认收款',
    cancel: '取消',
    cancelPrompt: '确定取消该订单吗？',
    cancelled: '订单已取消',
    refund: '退款',
    refundTitle: '确认退款',
    refunded: '已退款',
    amountStatus: '金额 / 状态',
    detailTitle: '订单详情',
  },
  recharge: {
    formTitle: '为账户充值',
    account: '账户',
    accountPlaceholder: '输入用户名或邮箱搜索',
    level: '会员套餐',
    note: '备注',
    submit: '确认充值',
    confirmTitle: '确认充值',
    done: '充值成功',
    recentTitle: '最近充值',
  },
} as const;
