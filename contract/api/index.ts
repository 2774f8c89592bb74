/**
 * The API contract: every call's path, body, answer and grants (one file per domain), shared by
 * the server (which mounts and documents it), the mock endpoints and the console (as types only).
 */
import type { Static } from '@sinclair/typebox';
import { accountApi } from './account';
import { saleApi } from './sale';
import { sessionApi } from './session';
import { profileApi } from './profile';
import { menuApi } from './menu';
import { roleApi } from './role';
import { membershipLevelApi } from './membershipLevel';
import { auditLogApi } from './auditLog';
import { loginLogApi } from './loginLog';
import { orderApi } from './order';
import { ledgerApi } from './ledger';
import { bankCardApi } from './bankCard';
import { withdrawalApi } from './withdrawal';
import { shopApi } from './shop';
import { scriptApi } from './script';
import { appVersionApi } from './appVersion';
import { pluginApi } from './plugin';
import { mediaApi } from './media';
import { newsApi } from './news';
import type { Code } from '../codes';
import type { MenuNode } from '../capabilities';
import type {
  AccountListQueryType,
  LoginBodyType,
  RegisterBodyType,
  SetRolesBodyType,
  SetSaleBodyType,
} from '../schemas';

/** Every answer: `{ isSuccess, code, msg, content }`. `success` is the legacy flag some answers carry. */
export interface ApiResponse<T = unknown> {
  isSuccess: boolean;
  code: Code | string;
  msg: string;
  content: T;
  success?: boolean;
}

export type { Page, PageQuery } from './common';

export interface Membership {
  levelId: number;
  name: string;
  /** epoch milliseconds */
  expiresAt: number | null;
  /** How many shops the level may bind. */
  shopQuota: number;
  /** How many product ids one creator-programme run may take. */
  productQuota: number;
}

export type AccountStatus = 'enabled' | 'disabled';

/** `username` may be the email. */
export type LoginBody = LoginBodyType;

export interface LoginResult {
  token: string;
  /** epoch milliseconds */
  expires: number;
  username: string;
  email: string;
  membership: Membership | null;
}

export type RegisterBody = RegisterBodyType;

/** `account/register` content: the new account (it still has to log in). */
export interface RegisterResult {
  id: number;
  username: string;
  email: string;
}

export interface AccountInfo {
  username: string;
  email: string;
  membership: Membership | null;
}

export interface RoleRef {
  id: number;
  code: string;
  name: string;
}

export interface AccountListItem {
  id: number;
  username: string;
  email: string;
  status: AccountStatus;
  membership: Membership | null;
  roles: RoleRef[];
  /** ISO 8601, UTC */
  createdAt: string;
  /** Whether the caller may act on this account: another account whose grants are a subset of the caller's. */
  manageable: boolean;
}

/** `account/export`: the filtered accounts as CSV (UTF-8 with a BOM), newest first. */
export interface AccountExport {
  csv: string;
  rows: number;
  /** More accounts matched than one export holds; the newest ones are in it. */
  truncated: boolean;
}

export type AccountListQuery = AccountListQueryType;

export type SetRolesBody = SetRolesBodyType;

/** `commissionRate` in basis points, 0–10000. */
export type SetSaleBody = SetSaleBodyType;

export interface SaleInfo {
  accountId: number;
  enabled: boolean;
  commissionRate: number;
  inviteCode: string;
}


export type { MenuNode };

/** Every call of the API, by path. */
export const API = {
  ...accountApi,
  ...saleApi,
  ...sessionApi,
  ...profileApi,
  ...menuApi,
  ...roleApi,
  ...membershipLevelApi,
  ...auditLogApi,
  ...loginLogApi,
  ...orderApi,
  ...ledgerApi,
  ...bankCardApi,
  ...withdrawalApi,
  ...shopApi,
  ...scriptApi,
  ...appVersionApi,
  ...pluginApi,
  ...mediaApi,
  ...newsApi,
};

export type CallMap = typeof API;
export type CallPath = keyof CallMap;
/** The body `path` takes. */
export type BodyOf<P extends CallPath> = Static<CallMap[P]['body']>;
/** The `content` of a success of `path`. */
export type AnswerOf<P extends CallPath> = Static<CallMap[P]['answer']>;
