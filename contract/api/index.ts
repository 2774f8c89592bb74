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
import { securityEventApi } from './securityEvent';
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
import { promotionApi } from './promotion';
import { dashboardApi } from './dashboard';
import { notificationApi } from './notification';
import { runApi } from './run';
import { parameterApi } from './parameter';
import { reconciliationApi } from './reconciliation';
import { referralReviewApi } from './referralReview';
import { payoutApi } from './payout';
import { factorApi } from './factor';
import type { Code } from '../codes';

/** Every answer: `{ isSuccess, code, msg, content }`. `success` is the legacy flag some answers carry. */
export interface ApiResponse<T = unknown> {
  isSuccess: boolean;
  code: Code | string;
  msg: string;
  content: T;
  success?: boolean;
}

export type { Page, PageQuery } from './common';

/** Every call of the API, by path. */
export const API = {
  ...accountApi,
  ...factorApi,
  ...saleApi,
  ...sessionApi,
  ...profileApi,
  ...menuApi,
  ...roleApi,
  ...membershipLevelApi,
  ...auditLogApi,
  ...loginLogApi,
  ...securityEventApi,
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
  ...promotionApi,
  ...dashboardApi,
  ...notificationApi,
  ...runApi,
  ...parameterApi,
  ...reconciliationApi,
  ...referralReviewApi,
  ...payoutApi,
};

export type CallMap = typeof API;
export type CallPath = keyof CallMap;
/** The body `path` takes. */
export type BodyOf<P extends CallPath> = Static<CallMap[P]['body']>;
/** The `content` of a success of `path`. */
export type AnswerOf<P extends CallPath> = Static<CallMap[P]['answer']>;
