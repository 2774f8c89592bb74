/**
 * Salespeople: make an account a salesperson (a commission rate and an invite code), list them,
 * regenerate a code, remove one (soft: the ledger stays), and the rows of a page of the users screen.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { LIMITS, numberLimit } from '../rules';
import { SALE_STATUSES } from '../system';
import { DateTime, Id, Literals, OneOf, Page, PageFields } from './common';
import { defineApi } from './define';
import { SalespersonMoney } from './ledger';

const strict = { additionalProperties: false } as const;

/** Basis points, 0–10000 (12.5 % is 1250). */
const CommissionRate = () => Type.Integer({ ...numberLimit(LIMITS.commissionPercent, 100), description: '佣金比例（万分之一）' });

export const SaleStatus = OneOf(SALE_STATUSES);
export type SaleStatus = Static<typeof SaleStatus>;
const SaleStatusAnswer = Literals(SALE_STATUSES);

export const SetSaleBody = Type.Object({ accountId: Id(), enabled: Type.Boolean(), commissionRate: CommissionRate() }, strict);
export type SetSaleBody = Static<typeof SetSaleBody>;

/** A salesperson row: its rate and invite code. */
export const SaleInfo = Type.Object({
  accountId: Id(),
  enabled: Type.Boolean(),
  commissionRate: CommissionRate(),
  inviteCode: Type.String(),
});
export type SaleInfo = Static<typeof SaleInfo>;

export const SaleListQuery = Type.Object(
  {
    ...PageFields,
    username: Type.Optional(Type.String({ maxLength: 64 })),
    inviteCode: Type.Optional(Type.String({ maxLength: 16 })),
    status: Type.Optional(SaleStatus),
  },
  strict,
);
export type SaleListQuery = Static<typeof SaleListQuery>;

export const SaleItem = Type.Object({
  accountId: Id(),
  username: Type.String(),
  email: Type.String(),
  inviteCode: Type.String(),
  commissionRate: CommissionRate(),
  status: SaleStatusAnswer,
  referredCount: Type.Integer({ minimum: 0, description: '用其邀请码注册的账号数' }),
  ...SalespersonMoney,
  createdAt: DateTime({ description: '成为销售的时间' }),
});
export type SaleItem = Static<typeof SaleItem>;

export const SaleAccountBody = Type.Object({ accountId: Id() }, strict);
export type SaleAccountBody = Static<typeof SaleAccountBody>;

export const SaleOfAccountsBody = Type.Object({ accountIds: Type.Array(Id(), { maxItems: 100 }) }, strict);
export type SaleOfAccountsBody = Static<typeof SaleOfAccountsBody>;

/** The salesperson row of an account (`sale/ofAccounts`), for the users screen. */
export const AccountSaleSummary = Type.Object({
  accountId: Id(),
  enabled: Type.Boolean(),
  commissionRate: CommissionRate(),
  inviteCode: Type.String(),
  removed: Type.Boolean(),
});
export type AccountSaleSummary = Static<typeof AccountSaleSummary>;

const exampleSale: SaleInfo = { accountId: 42, enabled: true, commissionRate: 1250, inviteCode: 'K7M2Q9XA' };

export const saleApi = {
  'sale/setSale': defineApi({
    summary: '设为销售或修改销售：佣金比例、启用；新销售得到邀请码和销售角色',
    description: '销售管理可调用；从用户管理调用还需"设为销售"操作权限（A0301）。只能操作权限不超出自身的账号，不能操作自己。',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeUsersManager, CAPABILITY_URLS.canSeeSaleManager] },
    body: SetSaleBody,
    answer: SaleInfo,
    example: { body: { accountId: 42, enabled: true, commissionRate: 1250 }, answer: exampleSale },
  }),
  'sale/list': defineApi({
    summary: '销售列表：按用户名（包含）、邀请码、状态筛选（分页）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeSaleManager] },
    body: SaleListQuery,
    answer: Page(SaleItem),
    example: {
      body: { current: 1, pageSize: 10, status: 'enabled' },
      answer: {
        list: [
          {
            accountId: 42,
            username: 'amy',
            email: 'amy@example.com',
            inviteCode: 'K7M2Q9XA',
            commissionRate: 1250,
            status: 'enabled',
            referredCount: 3,
            balanceCents: 12_500,
            pendingCents: 990,
            owedCents: 0,
            createdAt: '2026-10-01T08:00:00.000Z',
          },
        ],
        total: 1,
        current: 1,
        pageSize: 10,
      },
    },
  }),
  'sale/ofAccounts': defineApi({
    summary: '一页账号各自的销售信息（用户管理列表用）；不是销售的账号不在其中',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeUsersManager, CAPABILITY_URLS.canSeeSaleManager] },
    body: SaleOfAccountsBody,
    answer: Type.Array(AccountSaleSummary),
    example: { body: { accountIds: [42, 43] }, answer: [{ ...exampleSale, removed: false }] },
  }),
  'sale/regenerateCode': defineApi({
    summary: '重新生成邀请码：旧邀请码立即失效',
    description: '不是销售或已删除：A0400。',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeSaleManager] },
    body: SaleAccountBody,
    answer: SaleInfo,
    example: { body: { accountId: 42 }, answer: { ...exampleSale, inviteCode: 'P3W8N2RT' } },
  }),
  'sale/remove': defineApi({
    summary: '删除销售：邀请码失效，收支记录与余额保留',
    description: '需要 /salerdel 权限；不是销售或已删除：A0400。',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeSalerDel] },
    body: SaleAccountBody,
    answer: Type.Object({ accountId: Id() }),
    example: { body: { accountId: 42 }, answer: { accountId: 42 } },
  }),
};
