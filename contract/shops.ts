/**
 * Shops: bound by the plug-in (`shop/report`), listed and unbound by their account
 * (`/client/shopManager`), and by staff for every account (`/client/system/userShopManager`).
 * Body schemas, answer shapes and the strings the screens and the tests share.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdBodySchema, PageFields } from './api/common';
import { SHOP_PLATFORMS, SHOP_STATUSES, type ShopPlatform, type ShopStatus } from './shopPlatforms';

export { SHOP_PLATFORMS, SHOP_STATUSES, SHOP_STATUS_TEXT, platformLabel } from './shopPlatforms';
export type { ShopPlatform, ShopStatus } from './shopPlatforms';

export const SHOP_FIELD_LIMITS = { externalId: 64, name: 128, region: 32 } as const;

const PlatformSchema = Type.Unsafe<ShopPlatform>({ type: 'string', enum: SHOP_PLATFORMS.map((item) => item.value) });
const StatusSchema = Type.Unsafe<ShopStatus>({ type: 'string', enum: [...SHOP_STATUSES] });

/** `shop/report`: what the plug-in read from the shop page after a bind. */
export const ShopReportBodySchema = Type.Object(
  {
    platform: PlatformSchema,
    externalId: Type.String({
      minLength: 1,
      maxLength: SHOP_FIELD_LIMITS.externalId,
      pattern: '^[A-Za-z0-9_-]+$',
      // Read by the server's validation messages (server/http/validation.ts).
      ...{ patternMessage: '只能包含字母、数字、下划线和连字符' },
    }),
    name: Type.String({ minLength: 1, maxLength: SHOP_FIELD_LIMITS.name }),
    region: Type.Optional(Type.String({ maxLength: SHOP_FIELD_LIMITS.region })),
  },
  { additionalProperties: false },
);

/** `shop/list`: the account's own shops. */
export const ShopListQuerySchema = Type.Object(
  {
    ...PageFields,
    platform: Type.Optional(PlatformSchema),
    status: Type.Optional(StatusSchema),
    /** Part of the shop's name or id. */
    name: Type.Optional(Type.String({ maxLength: SHOP_FIELD_LIMITS.name })),
  },
  { additionalProperties: false },
);

/** `shop/listAll`: every account's shops (staff). */
export const ShopListAllQuerySchema = Type.Object(
  {
    ...PageFields,
    /** Part of the account's username. */
    username: Type.Optional(Type.String({ maxLength: 64 })),
    platform: Type.Optional(PlatformSchema),
    status: Type.Optional(StatusSchema),
    name: Type.Optional(Type.String({ maxLength: SHOP_FIELD_LIMITS.name })),
  },
  { additionalProperties: false },
);

/** `shop/unbind` (own shop) and `shop/forceUnbind` (staff, any shop). */
export const ShopIdBodySchema = IdBodySchema;

export type ShopReportBody = Static<typeof ShopReportBodySchema>;
export type ShopListQuery = Static<typeof ShopListQuerySchema>;
export type ShopListAllQuery = Static<typeof ShopListAllQuerySchema>;
export type ShopIdBody = Static<typeof ShopIdBodySchema>;

export interface ShopItem {
  id: number;
  platform: string;
  externalId: string;
  name: string;
  region: string;
  status: ShopStatus;
  /** ISO 8601 UTC */
  boundAt: string;
  unboundAt: string | null;
}

/** A row of `shop/listAll`: the shop and its account. */
export interface AccountShopItem extends ShopItem {
  accountId: number;
  username: string;
}

/** Refusal messages of the shop calls (the plug-in shows them in the 绑定失败 dialog). */
export const SHOP_MESSAGES = {
  noMembership: '开通会员后才能绑定店铺',
  quotaExceeded: (quota: number) => `当前会员最多绑定 ${quota} 个店铺，请先解绑其他店铺或升级会员`,
  boundElsewhere: '该店铺已被其他账号绑定',
  notFound: '店铺不存在',
  alreadyUnbound: '店铺已解绑',
} as const;
