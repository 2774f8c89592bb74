/**
 * The second factor at sign-in (ASVS 6.3.3). `account/login` with the right password of an account
 * that has a factor answers A0215 with a ticket (`askSecondFactor`); `account/loginSecondFactor`
 * takes the ticket and one proof (a TOTP code, a recovery code or a passkey's signature) and opens
 * the session. A passkey also signs in alone (`account/passkeyOptions`, `account/passkeyLogin`).
 *
 * Each proof is an attempt like a password's: the per-address limit, and wrong ones count towards
 * the account's lockout (./attempts); a ticket dies after SECOND_FACTOR_TRIES wrong proofs or
 * SECOND_FACTOR_WAIT_SECONDS. A TOTP code is taken once (its step is kept), a recovery code once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { SECOND_FACTOR_WAIT_SECONDS } from '#contract/accountRules';
import type {
  LoginResult,
  LoginSecondFactorBody,
  PasskeyLoginBody,
  PasskeySignInOptions,
  SecondFactorChallenge,
  SecondFactorMethod,
} from '#contract/api/account';
import type { PasskeyAssertion } from '#contract/api/factor';
import { CODE_MESSAGES, CODES } from '#contract/codes';
import type { Executor } from '../db/client';
import { accountFactors, accounts } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import type { PublicCallContext } from '../context';
import { isNewDevice, noticeNewDevice } from '../securityEvent/newDevice';
import { recordSecurityEvent } from '../securityEvent/record';
import { beginLogin, LOCKOUT_FAILURES, recordAttempt, registerFailure, settleAttempt } from './attempts';
import { challengeOfTicket, countChallengeFailure, openChallenge, spendChallenge } from './challenges';
import { SECOND_FACTOR_MESSAGES as TEXT } from './messages';
import { relyingParty, requestOptions, verifiedAssertion, type RelyingParty } from './passkeys';
import { spendRecoveryCode } from './recoveryCodes';
import { assertMaySignIn, signingInAccount, startSession, type LoginRow } from './signin';
import { totpStepOf } from './totp';

/** One proof of the second factor, as the calls take it. */
export interface FactorProof {
  code?: string;
  recoveryCode?: string;
  passkey?: PasskeyAssertion;
}

type Factor = typeof accountFactors.$inferSelect;

/** The account's factors. */
export const factorsOf = (db: Executor, accountId: number): Promise<Factor[]> =>
  db.select().from(accountFactors).where(eq(accountFactors.accountId, accountId)).orderBy(accountFactors.id);

/** The field of the proof given (A0400 unless exactly one is). */
export function proofField(proof: FactorProof): keyof FactorProof {
  const given = (['code', 'recoveryCode', 'passkey'] as const).filter((field) => proof[field] !== undefined);
  if (given.length !== 1) throw badParameter(given[1] ?? 'code', TEXT.oneProof);
  return given[0];
}

/** The refusal of a wrong proof, on its field. */
export const wrongProof = (field: keyof FactorProof) =>
  new Refusal(
    CODES.WRONG_SECOND_FACTOR,
    { code: TEXT.wrongCode, recoveryCode: TEXT.wrongRecoveryCode, passkey: TEXT.wrongPasskey }[field],
    {
      field,
    },
  );

/** Takes a TOTP code of the account once: its step must be later than the last code's. */
export async function spendTotpCode(db: Executor, accountId: number, code: string): Promise<boolean> {
  const [totp] = await db
    .select({ id: accountFactors.id, secret: accountFactors.totpSecret })
    .from(accountFactors)
    .where(and(eq(accountFactors.accountId, accountId), eq(accountFactors.kind, 'totp')));
  const step = totp?.secret ? totpStepOf(totp.secret, code) : null;
  if (step === null) return false;
  const taken = await db
    .update(accountFactors)
    .set({ lastUsedStep: step, lastUsedAt: sql`now()` })
    .where(and(eq(accountFactors.id, totp.id), sql`coalesce(${accountFactors.lastUsedStep}, -1) < ${step}`))
    .returning({ id: accountFactors.id });
  return taken.length > 0;
}

/** Checks a passkey's signature over `challenge` for the account; moves its counter on when right. */
export async function spendPasskeySignature(
  db: Executor,
  party: RelyingParty,
  challenge: string,
  assertion: PasskeyAssertion,
  accountId?: number,
): Promise<Factor | undefined> {
  const [passkey] = await db
    .select()
    .from(accountFactors)
    .where(
      and(
        eq(accountFactors.kind, 'passkey'),
        eq(accountFactors.credentialId, assertion.id),
        accountId === undefined ? undefined : eq(accountFactors.accountId, accountId),
      ),
    );
  if (!passkey) return undefined;
  // A discoverable credential names its user: it must be the passkey's account.
  const handle = assertion.response.userHandle;
  if (handle !== undefined && Buffer.from(handle, 'base64url').toString() !== String(passkey.accountId)) return undefined;
  const counter = await verifiedAssertion(party, challenge, passkey, assertion);
  if (counter === undefined) return undefined;
  await db
    .update(accountFactors)
    .set({ signCount: counter, lastUsedAt: sql`now()` })
    .where(eq(accountFactors.id, passkey.id));
  return passkey;
}

/** Whether `proof` (exactly one, see proofField) is the account's; `challenge` is the passkey's. */
export async function proveFactor(
  db: Executor,
  accountId: number,
  proof: FactorProof,
  passkey: { party: RelyingParty | undefined; challenge: string | null },
): Promise<boolean> {
  if (proof.code !== undefined) return spendTotpCode(db, accountId, proof.code);
  if (proof.recoveryCode !== undefined) return spendRecoveryCode(db, accountId, proof.recoveryCode);
  if (!passkey.party || !passkey.challenge || !proof.passkey) return false;
  return (await spendPasskeySignature(db, passkey.party, passkey.challenge, proof.passkey, accountId)) !== undefined;
}

/**
 * After the right password: when the account has a factor, refuses with A0215 and the second
 * step's ticket (what its factors allow, the passkey options when it has passkeys). Answers when
 * there is no factor to ask for.
 */
export async function askSecondFactor({ db, config, origin }: PublicCallContext, accountId: number, remember: boolean): Promise<void> {
  const factors = await factorsOf(db, accountId);
  if (factors.length === 0) return;
  const passkeys = factors.filter((factor) => factor.kind === 'passkey');
  const party = relyingParty(config, origin);
  const options = passkeys.length > 0 && party ? await requestOptions(party, passkeys) : null;
  const ticket = await openChallenge(db, {
    kind: 'secondFactor',
    accountId,
    remember,
    challenge: options?.challenge,
    seconds: SECOND_FACTOR_WAIT_SECONDS,
  });
  const methods: SecondFactorMethod[] = [];
  if (factors.some((factor) => factor.kind === 'totp')) methods.push('totp');
  if (options) methods.push('passkey');
  methods.push('recovery');
  const content: SecondFactorChallenge = { ticket, methods, passkey: options };
  throw new Refusal(CODES.SECOND_FACTOR_REQUIRED, CODE_MESSAGES[CODES.SECOND_FACTOR_REQUIRED], content);
}

/**
 * Counts a wrong proof of `account` and refuses it: A0211 once the account is locked. Both are
 * security events (16.3.2).
 */
async function refuseWrongProof(
  { db, ip, userAgent, log }: PublicCallContext,
  account: { id: number; username: string },
  field: keyof FactorProof,
  path: string,
): Promise<never> {
  const who = { accountId: account.id, username: account.username, path, ip, userAgent };
  await recordSecurityEvent(db, { kind: 'secondFactorFailed', ...who, detail: { method: field } }, log);
  const locked = await registerFailure(db, account.id, account.username);
  if (!locked) throw wrongProof(field);
  await recordSecurityEvent(db, { kind: 'lockout', ...who, detail: { failures: LOCKOUT_FAILURES } }, log);
  throw new Refusal(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
}

/** `account/loginSecondFactor`: the second step of a sign-in whose password was right. */
export async function loginSecondFactor(ctx: PublicCallContext, body: LoginSecondFactorBody): Promise<LoginResult> {
  const { db, config, ip, userAgent, origin } = ctx;
  const field = proofField(body);
  const challenge = await challengeOfTicket(db, 'secondFactor', body.ticket);
  if (!challenge?.accountId) throw badParameter('ticket', TEXT.ticketGone);
  const accountId = challenge.accountId;
  const [named] = await db.select({ username: accounts.username }).from(accounts).where(eq(accounts.id, accountId));
  const gate = await beginLogin<LoginRow>(
    db,
    { ip, userAgent, username: named?.username ?? '' },
    config.authRateLimitPerMinute,
    (tx) => signingInAccount(tx, { id: accountId }),
    'secondFactor',
  );
  if (gate.outcome === 'rateLimited') throw new Refusal(CODES.TOO_MANY_REQUESTS);
  if (gate.outcome === 'locked') throw new Refusal(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
  const account = gate.account;
  if (!account) throw badParameter('ticket', TEXT.ticketGone);
  const right = await proveFactor(db, account.id, body, { party: relyingParty(config, origin), challenge: challenge.challenge });
  if (!right) {
    await countChallengeFailure(db, challenge.id);
    return refuseWrongProof(ctx, account, field, 'account/loginSecondFactor');
  }
  // Two right proofs racing: one session.
  if (!(await spendChallenge(db, challenge.id))) throw badParameter('ticket', TEXT.ticketGone);
  assertMaySignIn(account);
  await settleAttempt(db, gate.attemptId, account.id, true);
  return startSession(ctx, account, challenge.remember);
}

/** `account/passkeyOptions`: a challenge to sign in with a passkey alone, counted like a login attempt. */
export async function passkeyOptions({ db, config, ip, userAgent, origin }: PublicCallContext): Promise<PasskeySignInOptions> {
  const party = relyingParty(config, origin);
  if (!party) throw new Refusal(CODES.BAD_PARAMETERS, TEXT.noSite);
  const { attemptId, allowed } = await recordAttempt(db, { ip, userAgent, username: null }, 'passkey', config.authRateLimitPerMinute);
  if (!allowed) throw new Refusal(CODES.TOO_MANY_REQUESTS);
  const options = await requestOptions(party);
  const ticket = await openChallenge(db, {
    kind: 'passkeySignIn',
    challenge: options.challenge,
    attemptId,
    seconds: SECOND_FACTOR_WAIT_SECONDS,
  });
  return { ticket, options };
}

/** `account/passkeyLogin`: a passkey's signature over the challenge of `account/passkeyOptions`. */
export async function passkeyLogin(ctx: PublicCallContext, body: PasskeyLoginBody): Promise<LoginResult> {
  const { db, config, origin, ip, userAgent, log } = ctx;
  const challenge = await challengeOfTicket(db, 'passkeySignIn', body.ticket);
  // Single use whatever the outcome: a signature is checked against its challenge once.
  if (!challenge?.challenge || !(await spendChallenge(db, challenge.id))) throw badParameter('ticket', TEXT.passkeyTicketGone);
  const party = relyingParty(config, origin);
  const [owner] = await db
    .select({ accountId: accountFactors.accountId })
    .from(accountFactors)
    .where(and(eq(accountFactors.kind, 'passkey'), eq(accountFactors.credentialId, body.credential.id)));
  const account = owner ? await signingInAccount(db, { id: owner.accountId }) : undefined;
  if (!account || !party) throw wrongProof('passkey');
  if (account.locked) throw new Refusal(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
  const passkey = await spendPasskeySignature(db, party, challenge.challenge, body.credential, account.id);
  const signIn = { accountId: account.id, username: account.username, ip, userAgent };
  // Read before this attempt counts as a success: a sign-in is never its own earlier one.
  const newDevice = passkey !== undefined && (await isNewDevice(db, signIn));
  if (challenge.attemptId !== null) await settleAttempt(db, challenge.attemptId, account.id, passkey !== undefined);
  if (!passkey) return refuseWrongProof(ctx, account, 'passkey', 'account/passkeyLogin');
  assertMaySignIn(account);
  if (newDevice && challenge.attemptId !== null) await noticeNewDevice(db, signIn, challenge.attemptId, log);
  return startSession(ctx, account, body.remember ?? false);
}
