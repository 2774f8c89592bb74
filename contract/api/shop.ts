/**
 * Shops: a bind started by the console (`shop/bindStart`) and reported by the plug-in
 * (`shop/report`), listed and unbound by their account, and by staff for every account (force
 * unbind, audited).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { BIND_TTL_SECONDS, SHOP_FIELD_LIMITS } from '../shops';
import { SHOP_PLATFORMS, SHOP_STATUSES } from '../shopPlatforms';
import { DateTime, Empty, Id, IdBodySchema, Literals, Nullable, OneOf, Page, PageFields } from './common';
import { defineApi } from './define';

const Platform = () => OneOf(SHOP_PLATFORMS.map((item) => item.value));
const Status = () => OneOf(SHOP_STATUSES);

/** `shop/report`: what the plug-in read from the shop page after a bind. */
export const ShopReportBody = Type.Object(
  {
    platform: Platform(),
    externalId: Type.String({
      minLength: 1,
      maxLength: SHOP_FIELD_LIMITS.externalId,
      pattern: '^[A-Za-z0-9_-]+$',
      // Read by the server's validation messages (server/http/validation.ts).
      ...{ patternMessage: '只能包含字母、数字、下划线和连字符' },
    }),
    name: Type.String({ minLength: 1, maxLength: SHOP_FIELD_LIMITS.name }),
    region: Type.Optional(Type.String({ maxLength: SHOP_FIELD_LIMITS.region })),
    /** The bind the console started (`shop/bindStart`), handed to the plug-in as its `bind-id`. */
    bindId: Type.String({ minLength: 1, maxLength: 64, description: '控制台发起绑定时得到的绑定编号（shop/bindStart），只能用一次' }),
  },
  { additionalProperties: false },
);
export type ShopReportBody = Static<typeof ShopReportBody>;

/** `shop/bindStart`: a bind id for the plug-in's report of the shop, single use, short-lived. */
export const BindStarted = Type.Object({
  bindId: Type.String({ description: `绑定编号：交给插件，随 shop/report 上报；只能用一次，${BIND_TTL_SECONDS / 60} 分钟内有效` }),
  expiresAt: DateTime(),
});
export type BindStarted = Static<typeof BindStarted>;

/** `shop/list`: the account's own shops. */
export const ShopListQuery = Type.Object(
  {
    ...PageFields,
    platform: Type.Optional(Platform()),
    status: Type.Optional(Status()),
    /** Part of the shop's name or id. */
    name: Type.Optional(Type.String({ maxLength: SHOP_FIELD_LIMITS.name, description: '店铺名称或编号的一部分' })),
  },
  { additionalProperties: false },
);
export type ShopListQuery = Static<typeof ShopListQuery>;

/** `shop/listAll`: every account's shops (staff). */
export const ShopListAllQuery = Type.Object(
  {
    ...PageFields,
    /** Part of the account's username. */
    username: Type.Optional(Type.String({ maxLength: 64, description: '用户名的一部分' })),
    platform: Type.Optional(Platform()),
    status: Type.Optional(Status()),
    name: Type.Optional(Type.String({ maxLength: SHOP_FIELD_LIMITS.name, description: '店铺名称或编号的一部分' })),
  },
  { additionalProperties: false },
);
export type ShopListAllQuery = Static<typeof ShopListAllQuery>;

/** `shop/unbind` (own shop) and `shop/forceUnbind` (staff, any shop). */
export const ShopIdBody = IdBodySchema;
export type ShopIdBody = Static<typeof ShopIdBody>;

const shopItemFields = {
  id: Id(),
  /** A platform of SHOP_PLATFORMS when it was bound (kept as stored). */
  platform: Type.String({ description: '平台（绑定时的 SHOP_PLATFORMS 值）' }),
  externalId: Type.String(),
  name: Type.String(),
  region: Type.String(),
  status: Literals(SHOP_STATUSES),
  boundAt: DateTime(),
  unboundAt: Nullable(DateTime()),
};

export const ShopItem = Type.Object(shopItemFields);
export type ShopItem = Static<typeof ShopItem>;

/** A row of `shop/listAll`: the shop and its account. */
export const AccountShopItem = Type.Object({ ...shopItemFields, accountId: Id(), username: Type.String() });
export type AccountShopItem = Static<typeof AccountShopItem>;

const ownGrant = { anyGrant: [CAPABILITY_URLS.canSeeShopManager] } as const;
const staffGrant = { anyGrant: [CAPABILITY_URLS.canSeeUserShopManager] } as const;

const exampleShop: ShopItem = {
  id: 14,
  platform: 'tiktok',
  externalId: '7495012345678901234',
  name: '小店旗舰店',
  region: 'TH',
  status: 'bound',
  boundAt: '2026-11-20T09:12:00.000Z',
  unboundAt: null,
};
const exampleUnbound: ShopItem = { ...exampleShop, status: 'unbound', unboundAt: '2026-11-22T10:00:00.000Z' };

export const shopApi = {
  'shop/bindStart': defineApi({
    summary: '发起一次绑定店铺：得到交给插件的绑定编号（只能用一次，10 分钟内有效）',
    description: '控制台在打开店铺页之前调用，把绑定编号随 set 交给插件（bind-id）；插件上报店铺（shop/report）时带上它。',
    auth: ownGrant,
    body: Empty,
    answer: BindStarted,
    example: { body: {}, answer: { bindId: 'bd_4Jq9Wm2Xc7Hn5Zr8Kd1Ls3Vy6Tf0Pa2Qe7Ug4Oi', expiresAt: '2026-11-20T09:22:00.000Z' } },
  }),
  'shop/report': defineApi({
    summary: '插件上报绑定的店铺（再次上报同一店铺时更新名称和地区）',
    description:
      '插件用控制台握手后交给它的插件令牌（plugin/token）调用，带上本账号发起的绑定编号（shop/bindStart：只能用一次，过期、已用或别人的答复 A0301）。没有会员、超过会员的店铺数量、店铺已被其他账号绑定（两个账号同时上报同一店铺时只有一个成功）：A0301（插件在"绑定失败"对话框中显示）。',
    auth: 'plugin',
    body: ShopReportBody,
    answer: ShopItem,
    example: {
      body: {
        platform: 'tiktok',
        externalId: '7495012345678901234',
        name: '小店旗舰店',
        region: 'TH',
        bindId: 'bd_4Jq9Wm2Xc7Hn5Zr8Kd1Ls3Vy6Tf0Pa2Qe7Ug4Oi',
      },
      answer: exampleShop,
    },
  }),
  'shop/list': defineApi({
    summary: '本人的店铺，最新绑定的在前：按平台、状态、名称筛选（分页）',
    auth: ownGrant,
    body: ShopListQuery,
    answer: Page(ShopItem),
    example: { body: { current: 1, pageSize: 10, status: 'bound' }, answer: { list: [exampleShop], total: 1, current: 1, pageSize: 10 } },
  }),
  'shop/unbind': defineApi({
    summary: '解绑本人的店铺',
    description: '别人的店铺按不存在回答；已解绑的：A0400。',
    auth: ownGrant,
    body: ShopIdBody,
    answer: ShopItem,
    example: { body: { id: 14 }, answer: exampleUnbound },
  }),
  'shop/listAll': defineApi({
    summary: '所有账户的店铺：按用户名、平台、状态、名称筛选（分页）',
    auth: staffGrant,
    body: ShopListAllQuery,
    answer: Page(AccountShopItem),
    example: {
      body: { current: 1, pageSize: 10, username: 'member' },
      answer: { list: [{ ...exampleShop, accountId: 12, username: 'member01' }], total: 1, current: 1, pageSize: 10 },
    },
  }),
  'shop/forceUnbind': defineApi({
    summary: '强制解绑任一账户的店铺（记入审计日志）',
    description: '已解绑的：A0400。',
    auth: { ...staffGrant, action: ACTIONS.canForceUnbindShop.url },
    body: ShopIdBody,
    answer: ShopItem,
    example: { body: { id: 14 }, answer: exampleUnbound },
  }),
};
