/** The refusals of the order rules (server/order/), asserted by tests/server/orders.test.ts. */
import { ORDER_STATUS_TEXT, type OrderStatus } from '#contract/orders';

export const ORDER_MESSAGES = {
  notFound: '订单不存在',
  alreadyPaid: '订单已支付，不能重复确认',
  confirmNotPending: (status: OrderStatus) => `订单${ORDER_STATUS_TEXT[status]}，不能确认收款`,
  cancelNotPending: (status: OrderStatus) => `订单${ORDER_STATUS_TEXT[status]}，只有待支付的订单可以取消`,
  alreadyRefunded: '订单已退款，不能重复退款',
  refundNotPaid: (status: OrderStatus) => `订单${ORDER_STATUS_TEXT[status]}，只有已支付的订单可以退款`,
  levelUnavailable: '会员等级不存在或已下架',
  tooManyPending: '待支付订单过多，请先支付或取消已有订单',
  pendingForLevel: (orderNo: string) => `该套餐已有待支付订单 ${orderNo}，请先支付或取消该订单`,
  accountDisabled: '账户已停用，不能充值',
  ownRecharge: '不能为自己的账户充值',
  ownConfirm: '不能确认自己的订单收款',
  ownRefund: '不能为自己的订单退款',
  noSuchAccount: '账户不存在',
  datesReversed: '结束日期不能早于开始日期',
  channelUnavailable: '该支付渠道不可用',
  commissionNote: (orderNo: string, levelName: string) => `订单 ${orderNo}（${levelName}）佣金`,
  commissionCancelledNote: (orderNo: string) => `订单 ${orderNo} 退款，待结算佣金取消`,
  clawbackNote: (orderNo: string) => `订单 ${orderNo} 退款，扣回佣金`,
} as const;
