/**
 * Second factors (ASVS 6.3.3): an authenticator app (TOTP), passkeys (WebAuthn) and single-use
 * recovery codes. The caller's own factors (`factor/*`), the sign-in's second step and the
 * passwordless passkey sign-in (in ./account.ts, with the sign-in), and staff's reset of another
 * account's factors (`account/resetFactors`). WebAuthn's options and responses travel as the JSON
 * of the WebAuthn Level 3 specification (what @simplewebauthn/browser sends and takes).
 */
import { Type, type Static } from '@sinclair/typebox';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../accountRules';
import { DateTime, Empty, Id, IdBodySchema, Nullable, Text } from './common';
import { defineApi } from './define';

const strict = { additionalProperties: false } as const;
const Base64Url = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$' });

// ───────────────────────────── WebAuthn JSON ─────────────────────────────

const Transports = Type.Array(Type.String({ maxLength: 32 }), { maxItems: 8 });
const CredentialDescriptor = Type.Object({ id: Type.String(), type: Type.Literal('public-key'), transports: Type.Optional(Transports) });

/** `navigator.credentials.create`'s options for a new passkey. */
export const PasskeyCreationOptions = Type.Object({
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  challenge: Type.String(),
  pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer(), type: Type.Literal('public-key') })),
  timeout: Type.Optional(Type.Integer()),
  excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(Type.String()),
      requireResidentKey: Type.Optional(Type.Boolean()),
      residentKey: Type.Optional(Type.String()),
      userVerification: Type.Optional(Type.String()),
    }),
  ),
  attestation: Type.Optional(Type.String()),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
  hints: Type.Optional(Type.Array(Type.String())),
});
export type PasskeyCreationOptions = Static<typeof PasskeyCreationOptions>;

/** `navigator.credentials.get`'s options: a passkey's signature over a fresh challenge. */
export const PasskeyRequestOptions = Type.Object({
  challenge: Type.String(),
  timeout: Type.Optional(Type.Integer()),
  rpId: Type.Optional(Type.String()),
  allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  userVerification: Type.Optional(Type.String()),
  hints: Type.Optional(Type.Array(Type.String())),
});
export type PasskeyRequestOptions = Static<typeof PasskeyRequestOptions>;

const ExtensionResults = Type.Object(
  { credProps: Type.Optional(Type.Object({ rk: Type.Optional(Type.Boolean()) }, strict)) },
  { additionalProperties: false },
);

/** A new passkey, as the browser made it. */
export const PasskeyRegistration = Type.Object(
  {
    id: Base64Url(1024),
    rawId: Base64Url(1024),
    type: Type.Literal('public-key'),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
    clientExtensionResults: ExtensionResults,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(4096),
        attestationObject: Base64Url(16_384),
        authenticatorData: Type.Optional(Base64Url(16_384)),
        transports: Type.Optional(Transports),
        publicKeyAlgorithm: Type.Optional(Type.Integer({ minimum: -65_536, maximum: 65_535 })),
        publicKey: Type.Optional(Base64Url(4096)),
      },
      strict,
    ),
  },
  strict,
);
export type PasskeyRegistration = Static<typeof PasskeyRegistration>;

/** A passkey's signature over the challenge, as the browser gave it. */
export const PasskeyAssertion = Type.Object(
  {
    id: Base64Url(1024),
    rawId: Base64Url(1024),
    type: Type.Literal('public-key'),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
    clientExtensionResults: ExtensionResults,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(4096),
        authenticatorData: Base64Url(16_384),
        signature: Base64Url(2048),
        userHandle: Type.Optional(Base64Url(512)),
      },
      strict,
    ),
  },
  strict,
);
export type PasskeyAssertion = Static<typeof PasskeyAssertion>;

// ───────────────────────────── codes ─────────────────────────────

/** Six digits from the authenticator app. */
export const TotpCode = () =>
  Type.String({ pattern: TOTP_CODE_PATTERN, patternMessage: '验证码应为 6 位数字', description: '身份验证器应用中的 6 位数字' });
/** A recovery code as printed (case, spaces and dashes do not matter). */
export const RecoveryCode = () =>
  Type.String({ pattern: RECOVERY_CODE_PATTERN, patternMessage: '恢复码只含字母、数字和短横线', maxLength: 64, description: '恢复码' });

/**
 * One proof of the second factor: a TOTP code, a recovery code or a passkey's signature. Exactly
 * one is given (A0400 otherwise).
 */
export const FactorProof = {
  code: Type.Optional(TotpCode()),
  recoveryCode: Type.Optional(RecoveryCode()),
  passkey: Type.Optional(PasskeyAssertion),
};

// ───────────────────────────── the caller's factors ─────────────────────────────

export const PasskeyItem = Type.Object({
  id: Id(),
  name: Type.String(),
  createdAt: DateTime(),
  lastUsedAt: Nullable(DateTime()),
});
export type PasskeyItem = Static<typeof PasskeyItem>;

export const FactorOverview = Type.Object({
  /** The account holds a role with 需要两步验证 (and is not a demo account). */
  required: Type.Boolean({ description: '账号的角色要求两步验证' }),
  totp: Nullable(Type.Object({ id: Id(), createdAt: DateTime(), lastUsedAt: Nullable(DateTime()) })),
  passkeys: Type.Array(PasskeyItem),
  recoveryCodesLeft: Type.Integer({ minimum: 0, description: '未用的恢复码' }),
});
export type FactorOverview = Static<typeof FactorOverview>;

export const TotpEnrolment = Type.Object({
  /** The shared secret, base32, for typing into the app by hand. */
  secret: Type.String(),
  /** The same as an `otpauth://` address, for the QR code. */
  uri: Type.String(),
});
export type TotpEnrolment = Static<typeof TotpEnrolment>;

/** Recovery codes, shown once: when the first factor is enrolled and when new ones are made. */
export const RecoveryCodes = Type.Object({ recoveryCodes: Nullable(Type.Array(Type.String())) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

export const TotpConfirmBody = Type.Object({ code: TotpCode() }, strict);
export type TotpConfirmBody = Static<typeof TotpConfirmBody>;

export const PasskeyConfirmBody = Type.Object({ name: Text(40, 1), credential: PasskeyRegistration }, strict);
export type PasskeyConfirmBody = Static<typeof PasskeyConfirmBody>;

export const RECOVERY_CODE_COUNT = 10;

const exampleOverview: FactorOverview = {
  required: true,
  totp: { id: 2, createdAt: '2026-11-20T08:00:00.000Z', lastUsedAt: '2026-11-21T08:00:00.000Z' },
  passkeys: [{ id: 3, name: '我的笔记本', createdAt: '2026-11-20T08:05:00.000Z', lastUsedAt: null }],
  recoveryCodesLeft: 9,
};
const exampleCodes = ['7KQ2-M9XA-4RT8-WN3C-P6YH-D2FJ'];
const exampleCreation: PasskeyCreationOptions = {
  rp: { name: '达人带货控制台', id: 'console.example.com' },
  user: { id: 'NDI', name: 'amy', displayName: 'amy' },
  challenge: 'q3N1YmNoYWxsZW5nZQ',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 300000,
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required', requireResidentKey: true },
  attestation: 'none',
};

export const factorApi = {
  'factor/overview': defineApi({
    summary: '我的两步验证：身份验证器、通行密钥与剩余的恢复码',
    auth: 'account',
    body: Empty,
    answer: FactorOverview,
    example: { body: {}, answer: exampleOverview },
  }),
  'factor/totpBegin': defineApi({
    summary: '开始绑定身份验证器：生成密钥（10 分钟内用一个验证码确认）',
    description: '已绑定身份验证器时答 A0400（先删除旧的）。',
    auth: 'account',
    stepUp: true,
    body: Empty,
    answer: TotpEnrolment,
    example: {
      body: {},
      answer: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/%E8%BE%BE%E4%BA%BA:amy?secret=JBSWY3DPEHPK3PXP' },
    },
  }),
  'factor/totpConfirm': defineApi({
    summary: '确认绑定身份验证器：输入应用显示的验证码；首个验证方式同时生成 10 个恢复码（只显示这一次）',
    auth: 'account',
    stepUp: true,
    body: TotpConfirmBody,
    answer: RecoveryCodes,
    example: { body: { code: '492039' }, answer: { recoveryCodes: exampleCodes } },
  }),
  'factor/passkeyBegin': defineApi({
    summary: '开始添加通行密钥：浏览器创建凭据所需的选项',
    auth: 'account',
    stepUp: true,
    body: Empty,
    answer: PasskeyCreationOptions,
    example: { body: {}, answer: exampleCreation },
  }),
  'factor/passkeyConfirm': defineApi({
    summary: '确认添加通行密钥；首个验证方式同时生成 10 个恢复码（只显示这一次）',
    auth: 'account',
    stepUp: true,
    body: PasskeyConfirmBody,
    answer: RecoveryCodes,
    example: {
      body: {
        name: '我的笔记本',
        credential: {
          id: 'Y3JlZA',
          rawId: 'Y3JlZA',
          type: 'public-key',
          clientExtensionResults: {},
          response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ' },
        },
      },
      answer: { recoveryCodes: null },
    },
  }),
  'factor/remove': defineApi({
    summary: '删除一个验证方式（身份验证器或通行密钥）',
    description: '角色要求两步验证的账号不能删除最后一个验证方式：A0400。删除最后一个时恢复码一并作废。',
    auth: 'account',
    stepUp: true,
    body: IdBodySchema,
    answer: Type.Null(),
    example: { body: { id: 3 }, answer: null },
  }),
  'factor/newRecoveryCodes': defineApi({
    summary: '重新生成 10 个恢复码（旧的全部作废，新的只显示这一次）',
    auth: 'account',
    stepUp: true,
    body: Empty,
    answer: RecoveryCodes,
    example: { body: {}, answer: { recoveryCodes: exampleCodes } },
  }),
};
