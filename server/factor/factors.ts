/**
 * `factor/*`: the caller's own second factors (ASVS 6.3.3, 6.5): an authenticator app (TOTP), passkeys
 * and recovery codes. Adding one is a begin (a secret or a WebAuthn challenge kept for this session
 * only) and a confirm (a code from the app, or the browser's new credential). The first factor comes
 * with RECOVERY_CODE_COUNT recovery codes, shown once; it also ends the wait of sessions that could
 * only enrol (auth/factorState.ts). Every change is a step-up call and is audited. Writes lock the
 * account's row first, so two enrolments or removals of one account take turns.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type {
  FactorOverview,
  PasskeyConfirmBody,
  PasskeyCreationOptions,
  RecoveryCodes,
  TotpConfirmBody,
  TotpEnrolment,
} from '#contract/api/factor';
import type { IdBody } from '#contract/api/common';
import { APP_TITLE } from '#contract/text/appTitle';
import type { Executor, Tx } from '../db/client';
import { accountFactors, accounts, recoveryCodes } from '../db/schema';
import { badParameter, Refusal, refuseUniqueViolation } from '../refusal';
import { CODES } from '#contract/codes';
import type { CallContext } from '../context';
import { challengeOfSession, countChallengeFailure, openChallenge, spendChallenge } from '../auth/challenges';
import { endEnrolmentWait, secondFactorRequired } from '../auth/factorState';
import { SECOND_FACTOR_MESSAGES as TEXT } from '../auth/messages';
import { creationOptions, relyingParty, verifiedRegistration } from '../auth/passkeys';
import { replaceRecoveryCodes } from '../auth/recoveryCodes';
import { factorsOf, wrongProof } from '../auth/secondFactor';
import { newTotpSecret, totpStepOf, totpUri } from '../auth/totp';
import { announceCredentialChange } from '../notification/credentialChanged';

/** How long an enrolment waits for its confirmation, in seconds. */
const ENROLMENT_SECONDS = 10 * 60;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

async function lockAccount(tx: Tx, accountId: number): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('no key update');
}

async function factorCount(tx: Executor, accountId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(accountFactors).where(eq(accountFactors.accountId, accountId));
  return row?.n ?? 0;
}

export async function overview({ db, account }: CallContext): Promise<FactorOverview> {
  const factors = await factorsOf(db, account.id);
  const totp = factors.find((factor) => factor.kind === 'totp');
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, account.id), isNull(recoveryCodes.usedAt)));
  return {
    required: await secondFactorRequired(db, account.id),
    totp: totp ? { id: totp.id, createdAt: totp.createdAt.toISOString(), lastUsedAt: iso(totp.lastUsedAt) } : null,
    passkeys: factors
      .filter((factor) => factor.kind === 'passkey')
      .map((factor) => ({
        id: factor.id,
        name: factor.name,
        createdAt: factor.createdAt.toISOString(),
        lastUsedAt: iso(factor.lastUsedAt),
      })),
    recoveryCodesLeft: left?.n ?? 0,
  };
}

/**
 * Stores a confirmed factor (in the caller's transaction, the account's row locked); answers the
 * recovery codes when it is the account's first.
 */
async function addFactor(
  { account, audit }: CallContext,
  tx: Tx,
  factor: Omit<typeof accountFactors.$inferInsert, 'accountId'>,
): Promise<RecoveryCodes> {
  const first = (await factorCount(tx, account.id)) === 0;
  const [added] = await tx
    .insert(accountFactors)
    .values({ ...factor, accountId: account.id })
    .returning({ id: accountFactors.id });
  const codes = first ? await replaceRecoveryCodes(tx, account.id) : null;
  await endEnrolmentWait(tx, account.id);
  await announceCredentialChange(tx, account.id, 'factorAdded');
  await audit(tx, { action: 'factor.add', targetType: 'factor', targetId: added.id, after: { kind: factor.kind, name: factor.name } });
  return { recoveryCodes: codes };
}

export async function totpBegin({ db, account }: CallContext): Promise<TotpEnrolment> {
  const factors = await factorsOf(db, account.id);
  if (factors.some((factor) => factor.kind === 'totp')) throw badParameter('code', TEXT.totpExists);
  const secret = newTotpSecret();
  await openChallenge(db, {
    kind: 'totpEnrol',
    sessionId: account.sessionId,
    accountId: account.id,
    challenge: secret,
    seconds: ENROLMENT_SECONDS,
  });
  return { secret, uri: totpUri(secret, account.username, APP_TITLE) };
}

export async function totpConfirm(ctx: CallContext, { code }: TotpConfirmBody): Promise<RecoveryCodes> {
  const { db, account } = ctx;
  const enrolment = await challengeOfSession(db, 'totpEnrol', account.sessionId);
  if (!enrolment?.challenge) throw badParameter('code', TEXT.noEnrolment);
  const step = totpStepOf(enrolment.challenge, code);
  if (step === null) {
    await countChallengeFailure(db, enrolment.id);
    throw wrongProof('code');
  }
  return refuseUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        await lockAccount(tx, account.id);
        if (!(await spendChallenge(tx, enrolment.id))) throw badParameter('code', TEXT.noEnrolment);
        // The confirming code counts as used: the same code does not also sign in.
        return addFactor(ctx, tx, { kind: 'totp', name: TEXT.totpName, totpSecret: enrolment.challenge, lastUsedStep: step });
      }),
    badParameter('code', TEXT.totpExists),
  );
}

export async function passkeyBegin({ db, config, account, origin }: CallContext): Promise<PasskeyCreationOptions> {
  const party = relyingParty(config, origin);
  if (!party) throw new Refusal(CODES.BAD_PARAMETERS, TEXT.noSite);
  const passkeys = (await factorsOf(db, account.id)).filter((factor) => factor.kind === 'passkey');
  const options = await creationOptions(party, account, passkeys);
  await openChallenge(db, {
    kind: 'passkeyEnrol',
    sessionId: account.sessionId,
    accountId: account.id,
    challenge: options.challenge,
    seconds: ENROLMENT_SECONDS,
  });
  return options;
}

export async function passkeyConfirm(ctx: CallContext, { name, credential }: PasskeyConfirmBody): Promise<RecoveryCodes> {
  const { db, config, account, origin } = ctx;
  const party = relyingParty(config, origin);
  const enrolment = await challengeOfSession(db, 'passkeyEnrol', account.sessionId);
  if (!party || !enrolment?.challenge || !(await spendChallenge(db, enrolment.id))) throw badParameter('credential', TEXT.noEnrolment);
  const passkey = await verifiedRegistration(party, enrolment.challenge, credential);
  if (!passkey) throw wrongProof('passkey');
  return refuseUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        await lockAccount(tx, account.id);
        return addFactor(ctx, tx, { kind: 'passkey', name: name.trim(), ...passkey });
      }),
    badParameter('credential', TEXT.passkeyExists),
  );
}

export async function removeFactor({ db, account, audit }: CallContext, { id }: IdBody): Promise<null> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const [factor] = await tx
      .select({ kind: accountFactors.kind, name: accountFactors.name })
      .from(accountFactors)
      .where(and(eq(accountFactors.id, id), eq(accountFactors.accountId, account.id)));
    if (!factor) throw badParameter('id', TEXT.noSuchFactor);
    const last = (await factorCount(tx, account.id)) === 1;
    if (last && (await secondFactorRequired(tx, account.id))) throw badParameter('id', TEXT.lastFactor);
    await tx.delete(accountFactors).where(eq(accountFactors.id, id));
    // Without a factor the codes would be a second factor of nothing.
    if (last) await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, account.id));
    await announceCredentialChange(tx, account.id, 'factorRemoved');
    await audit(tx, { action: 'factor.remove', targetType: 'factor', targetId: id, before: factor });
    return null;
  });
}

export async function newRecoveryCodes({ db, account, audit }: CallContext): Promise<RecoveryCodes> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    if ((await factorCount(tx, account.id)) === 0) throw new Refusal(CODES.BAD_PARAMETERS, TEXT.noFactor);
    const codes = await replaceRecoveryCodes(tx, account.id);
    await announceCredentialChange(tx, account.id, 'recoveryCodes');
    await audit(tx, { action: 'factor.newRecoveryCodes', targetType: 'account', targetId: account.id, after: { count: codes.length } });
    return { recoveryCodes: codes };
  });
}

/** Deletes every factor and recovery code of the account (staff's reset: server/account/admin.ts). */
export async function deleteFactors(tx: Executor, accountId: number): Promise<number> {
  const deleted = await tx.delete(accountFactors).where(eq(accountFactors.accountId, accountId)).returning({ id: accountFactors.id });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  return deleted.length;
}
