/** The API's shapes, shared by the console, the server and the mock endpoints. */
import type { Code } from './codes';
import type { MenuNode } from './capabilities';

/** Every answer: `{ isSuccess, code, msg, content }`. `success` is the legacy flag some answers carry. */
export interface ApiResponse<T = unknown> {
  isSuccess: boolean;
  code: Code | string;
  msg: string;
  content: T;
  success?: boolean;
}

export interface PageQuery {
  current?: number;
  pageSize?: number;
}

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
}

export type AccountStatus = 'enabled' | 'disabled';

export interface LoginBody {
  username: string;
  password: string;
  remember?: boolean;
}

export interface LoginResult {
  token: string;
  /** epoch milliseconds */
  expires: number;
  username: string;
  email: string;
  membership: Membership | null;
}

export interface RegisterBody {
  username: string;
  email: string;
  password: string;
  inviteCode?: string;
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
}

export interface AccountListQuery extends PageQuery {
  username?: string;
  email?: string;
  status?: AccountStatus;
}

export interface SetRolesBody {
  id: number;
  roleIds: number[];
}

export interface SetSaleBody {
  accountId: number;
  enabled: boolean;
  /** basis points, 0–10000 */
  commissionRate: number;
}

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
