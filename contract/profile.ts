/**
 * Personal settings (`/client/user`) and the home screen's figures: body schemas (TypeBox),
 * answer shapes and the messages screens and tests share.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './accountRules';
import type { Membership } from './api';
import { BigId, DateTime, PageFields } from './api/common';

export const UpdateEmailBodySchema = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: EMAIL_MAX }),
    /** The current password, required to change the email. */
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);

export const ChangePasswordBodySchema = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
    newPassword: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);

export const SessionListQuerySchema = Type.Object(PageFields, { additionalProperties: false });

export const RevokeSessionBodySchema = Type.Object({ id: BigId() }, { additionalProperties: false });

export const SummaryBodySchema = Type.Object(
  {
    /** Start of "this month" in the viewer's time zone (ISO 8601); the server's UTC month when absent. */
    monthStart: Type.Optional(DateTime()),
  },
  { additionalProperties: false },
);

export type UpdateEmailBody = Static<typeof UpdateEmailBodySchema>;
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>;
export type SessionListQuery = Static<typeof SessionListQuerySchema>;
export type RevokeSessionBody = Static<typeof RevokeSessionBodySchema>;
export type SummaryBody = Static<typeof SummaryBodySchema>;

/** `profile/get` */
export interface Profile {
  id: number;
  username: string;
  email: string;
  membership: Membership | null;
  /** ISO 8601, UTC */
  createdAt: string;
  lastLoginAt: string | null;
}

/** `profile/sessions` items: the account's live sessions. */
export interface ActiveSession {
  id: number;
  /** The session of the request that asked. */
  current: boolean;
  ip: string | null;
  userAgent: string | null;
  /** ISO 8601, UTC */
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** `profile/changePassword` content. */
export interface PasswordChanged {
  /** How many other sessions were signed out. */
  signedOut: number;
}

/** `profile/summary`: the home screen's figures. */
export interface HomeSummary {
  membership: Membership | null;
  /** Shops currently bound. */
  shopCount: number;
  orderCount: number;
  /** Present for a salesperson only. */
  sale: {
    balanceCents: number;
    heldCents: number;
    /** Commission credited since `monthStart`, net of the commission reversed by refunds. */
    monthCommissionCents: number;
  } | null;
}

export const PROFILE_TEXT = {
  emailTaken: '邮箱已被注册',
  wrongCurrentPassword: '当前密码不正确',
  samePassword: '不能与当前密码相同',
  sessionNotFound: '登录会话不存在或已失效',
} as const;
