/** The API's shapes, shared by the console, the server and the mock endpoints. */
import type { Code } from './codes';
import type { MenuNode } from './capabilities';
import type {
  AccountListQueryType,
  LoginBodyType,
  PageQueryBody,
  RegisterBodyType,
  SetRolesBodyType,
  SetSaleBodyType,
} from './schemas';

/** Every answer: `{ isSuccess, code, msg, content }`. `success` is the legacy flag some answers carry. */
export interface ApiResponse<T = unknown> {
  isSuccess: boolean;
  code: Code | string;
  msg: string;
  content: T;
  success?: boolean;
}

export type PageQuery = PageQueryBody;

export interface Page<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}

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

export interface NewsArticle {
  id: number;
  title: string;
  summary: string;
  body: string;
  /** ISO 8601, UTC */
  publishedAt: string;
}

export type { MenuNode };
