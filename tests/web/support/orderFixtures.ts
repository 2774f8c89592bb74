/** Member centre fixtures (kept out of the test file: jest's hoisting pass can not read type annotations). */
import type { CurrentMembership, LevelOnSale, MemberCenter, PendingOrder } from '#contract/api/order';

export const DAY = 86_400_000;
export const NOW = Date.UTC(2026, 0, 10, 4, 0, 0);

export const basic: LevelOnSale = { id: 1, name: '基础版', priceCents: 9900, durationDays: 30, shopQuota: 1, productQuota: 50 };
export const pro: LevelOnSale = { id: 2, name: '专业版', priceCents: 29900, durationDays: 90, shopQuota: 3, productQuota: 200 };

export const membership = (levelId: number, expiresAt: number, expired = false): CurrentMembership => ({
  levelId,
  name: levelId === 1 ? '基础版' : '专业版',
  expiresAt: new Date(expiresAt).toISOString(),
  shopQuota: 1,
  productQuota: 50,
  expired,
});

export const pending: PendingOrder = {
  orderNo: '202601100000000001',
  account: { id: 9, username: 'demo_member' },
  levelId: 2,
  levelName: '专业版',
  durationDays: 90,
  amountCents: 29900,
  status: 'pending',
  channel: 'online',
  salesperson: null,
  commissionRate: null,
  commissionCents: null,
  expiresBefore: null,
  expiresAfter: null,
  operator: null,
  note: '',
  createdAt: new Date(NOW).toISOString(),
  paidAt: null,
  closedAt: null,
  instructions: { title: '请支付 ¥299.00', steps: ['告知订单号 202601100000000001'] },
};

export const center = (pendingOrders: PendingOrder[]): MemberCenter => ({
  membership: membership(1, Date.now() + 10 * DAY),
  levels: [basic, pro],
  pendingOrders,
});
