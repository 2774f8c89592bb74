/**
 * Membership levels (issue 5), for staff: list, create, edit, take on / off sale, delete. A level
 * that orders name or accounts hold can not be deleted (orders keep their history), only taken off sale.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { LIMITS, numberLimit } from '../rules';
import { SYSTEM_TEXT } from '../system';
import { DateTime, Empty, Id, IdBodySchema, Money, Page, PageFields } from './common';
import { defineApi } from './define';

const strict = { additionalProperties: false } as const;

const LevelFields = {
  name: Type.String({ minLength: 1, maxLength: 32 }),
  priceCents: Type.Integer({ ...numberLimit(LIMITS.priceYuan, 100), description: '价格（分）' }),
  durationDays: Type.Integer(numberLimit(LIMITS.durationDays)),
  shopQuota: Type.Integer({ ...numberLimit(LIMITS.shopQuota), description: '可绑定的店铺数' }),
  productQuota: Type.Integer({ ...numberLimit(LIMITS.productQuota), description: '一次达人计划可提交的商品数' }),
  sort: Type.Integer(numberLimit(LIMITS.sort)),
  onSale: Type.Boolean(),
};

export const LevelListQuery = Type.Object(
  { ...PageFields, name: Type.Optional(Type.String({ maxLength: 32 })), onSale: Type.Optional(Type.Boolean()) },
  strict,
);
export type LevelListQuery = Static<typeof LevelListQuery>;

export const LevelCreateBody = Type.Object(LevelFields, strict);
export type LevelCreateBody = Static<typeof LevelCreateBody>;

export const LevelUpdateBody = Type.Object({ id: Id(), ...LevelFields }, strict);
export type LevelUpdateBody = Static<typeof LevelUpdateBody>;

export const LevelSetOnSaleBody = Type.Object({ id: Id(), onSale: Type.Boolean() }, strict);
export type LevelSetOnSaleBody = Static<typeof LevelSetOnSaleBody>;

export const LevelItem = Type.Object({
  id: Id(),
  name: Type.String(),
  priceCents: Money({ minimum: 0, description: '价格（分）' }),
  durationDays: Type.Integer({ minimum: 1 }),
  shopQuota: Type.Integer({ minimum: 0 }),
  productQuota: Type.Integer({ minimum: 0 }),
  sort: Type.Integer({ minimum: 0 }),
  onSale: Type.Boolean(),
  orderCount: Type.Integer({ minimum: 0, description: '引用该等级的订单数（大于 0 时不能删除）' }),
  accountCount: Type.Integer({ minimum: 0, description: '持有该等级的账号数（大于 0 时不能删除）' }),
  createdAt: DateTime(),
});
export type LevelItem = Static<typeof LevelItem>;

/** A level for the users screen's membership filter. */
export const LevelOption = Type.Object({ id: Id(), name: Type.String(), onSale: Type.Boolean() });
export type LevelOption = Static<typeof LevelOption>;

export const LevelDeleted = Type.Object({ id: Id() });
export type LevelDeleted = Static<typeof LevelDeleted>;

const manageLevels = { anyGrant: [CAPABILITY_URLS.canSeeMembershipManager] } as const;

const exampleLevel: LevelItem = {
  id: 2,
  name: '专业版',
  priceCents: 19_900,
  durationDays: 30,
  shopQuota: 5,
  productQuota: 200,
  sort: 20,
  onSale: true,
  orderCount: 12,
  accountCount: 8,
  createdAt: '2026-11-01T02:00:00.000Z',
};
const { id: _id, orderCount: _orders, accountCount: _accounts, createdAt: _created, ...exampleFields } = exampleLevel;

export const membershipLevelApi = {
  'membershipLevel/list': defineApi({
    summary: '会员等级列表：按名称、是否上架筛选（分页），按 sort 排序',
    auth: manageLevels,
    body: LevelListQuery,
    answer: Page(LevelItem),
    example: { body: { current: 1, pageSize: 10, onSale: true }, answer: { list: [exampleLevel], total: 1, current: 1, pageSize: 10 } },
  }),
  'membershipLevel/options': defineApi({
    summary: '全部会员等级（编号和名称），供账号列表按会员筛选',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeMembershipManager, CAPABILITY_URLS.canSeeUsersManager] },
    body: Empty,
    answer: Type.Array(LevelOption),
    example: { body: {}, answer: [{ id: 2, name: '专业版', onSale: true }] },
  }),
  'membershipLevel/create': defineApi({
    summary: '新建会员等级',
    description: '名称不区分大小写不能重复（A0400 name 已被其他等级使用）。',
    auth: manageLevels,
    body: LevelCreateBody,
    answer: LevelItem,
    example: { body: exampleFields, answer: { ...exampleLevel, orderCount: 0, accountCount: 0 } },
  }),
  'membershipLevel/update': defineApi({
    summary: '编辑会员等级',
    description: '名称不区分大小写不能重复（A0400 name 已被其他等级使用）。已下的订单不受价格变化影响。',
    auth: manageLevels,
    body: LevelUpdateBody,
    answer: LevelItem,
    example: { body: { id: 2, ...exampleFields }, answer: exampleLevel },
  }),
  'membershipLevel/setOnSale': defineApi({
    summary: '上架 / 下架会员等级',
    auth: manageLevels,
    body: LevelSetOnSaleBody,
    answer: LevelItem,
    example: { body: { id: 2, onSale: false }, answer: { ...exampleLevel, onSale: false } },
  }),
  'membershipLevel/delete': defineApi({
    summary: '删除会员等级',
    description: `已有订单或账号使用的等级不能删除，只能下架（A0400，如「${SYSTEM_TEXT.levelInUse(12, 8)}」）。`,
    auth: manageLevels,
    body: IdBodySchema,
    answer: LevelDeleted,
    example: { body: { id: 3 }, answer: { id: 3 } },
  }),
};
