/**
 * The JSON body schemas of the API calls (TypeBox, i.e. JSON Schema). The server validates every
 * body with them; the console only imports the types derived from them (`contract/api.ts`).
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  EMAIL_MAX,
  INVITE_CODE_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './accountRules';
import { Id, PageFields } from './api/common';

/** Server-side message for a failed `pattern` check (read by the server's error translator). */
const patternMessage = (message: string) => ({ patternMessage: message });

export const EmptyBodySchema = Type.Object({}, { additionalProperties: false });

export const PageQuerySchema = Type.Object(PageFields, { additionalProperties: false });

export const LoginBodySchema = Type.Object(
  {
    /** The username or the email. */
    username: Type.String({ minLength: 1, maxLength: EMAIL_MAX }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
    remember: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const RegisterBodySchema = Type.Object(
  {
    username: Type.String({
      minLength: USERNAME_MIN,
      maxLength: USERNAME_MAX,
      pattern: USERNAME_PATTERN,
      ...patternMessage('只能包含字母、数字和下划线'),
    }),
    email: Type.String({ format: 'email', maxLength: EMAIL_MAX }),
    password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
    inviteCode: Type.Optional(
      Type.String({ pattern: INVITE_CODE_PATTERN, ...patternMessage('应为 8 位大写字母或数字') }),
    ),
  },
  { additionalProperties: false },
);

export const AccountStatusSchema = Type.Unsafe<'enabled' | 'disabled'>({
  type: 'string',
  enum: ['enabled', 'disabled'],
});

export const AccountListQuerySchema = Type.Object(
  {
    ...PageFields,
    username: Type.Optional(Type.String({ maxLength: 64 })),
    email: Type.Optional(Type.String({ maxLength: EMAIL_MAX })),
    status: Type.Optional(AccountStatusSchema),
  },
  { additionalProperties: false },
);

export const SetRolesBodySchema = Type.Object(
  {
    id: Id(),
    roleIds: Type.Array(Id(), { maxItems: 100 }),
  },
  { additionalProperties: false },
);

export const SetSaleBodySchema = Type.Object(
  {
    accountId: Id(),
    enabled: Type.Boolean(),
    /** basis points, 0–10000 */
    commissionRate: Type.Integer({ minimum: 0, maximum: 10000 }),
  },
  { additionalProperties: false },
);

export type EmptyBody = Static<typeof EmptyBodySchema>;
export type PageQueryBody = Static<typeof PageQuerySchema>;
export type LoginBodyType = Static<typeof LoginBodySchema>;
export type RegisterBodyType = Static<typeof RegisterBodySchema>;
export type AccountListQueryType = Static<typeof AccountListQuerySchema>;
export type SetRolesBodyType = Static<typeof SetRolesBodySchema>;
export type SetSaleBodyType = Static<typeof SetSaleBodySchema>;
