/**
 * The checks of a referral at registration (contract/referrals.ts): does it look like the
 * salesperson referring itself (its network, its browser, its own mailbox with a tag), or like one
 * network registering many referrals? A flagged referral gets a review row in the registration's
 * transaction, and its commissions are held (`review`) until staff decide (./reviews.ts).
 *
 * A loopback address says nothing about the client (server/clientNetwork.ts): the checks that
 * compare networks skip it, the e-mail check still runs.
 */
import { and, count, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import { REFERRAL_BURST_COUNT, REFERRAL_LOOKBACK_DAYS, type ReferralFlag } from '#contract/referrals';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Executor } from '../db/client';
import { accounts, authAttempts, referralReviews, sessions } from '../db/schema';
import { clientNetwork, isLoopback, neighbourhood } from '../clientNetwork';
import { loggedUserAgent } from '../auth/attempts';

export interface SignIn {
  ip: string;
  userAgent: string | null;
}

export interface ReferralSignals {
  /** Where and how the referred account registered. */
  registration: { ip: string; userAgent: string | null; email: string };
  salesperson: { email: string; recentSignIns: readonly SignIn[] };
  /** Referrals registered from the registration's network in the last 24 hours, before this one. */
  earlierReferralsFromNetwork: number;
}

/** `Li.Na+promo@X.com` → `{ local: 'lina', domain: 'x.com' }`: the local part without its tag and dots. */
function mailbox(email: string): { local: string; domain: string } {
  const at = email.lastIndexOf('@');
  return {
    local: email.slice(0, at).toLowerCase().replace(/\+.*$/, '').replace(/\./g, ''),
    domain: email.slice(at + 1).toLowerCase(),
  };
}

/**
 * The salesperson's own mailbox, at the same domain, with a tag, dots or a number after it
 * (`li.na+2@`, `lina_07@` beside `lina@`). Two people's mailboxes that merely share a stem
 * (`wang1@`, `wang2@`) do not match.
 */
export function looksLikeOwnEmail(email: string, salespersonEmail: string): boolean {
  const referral = mailbox(email);
  const own = mailbox(salespersonEmail);
  if (own.local.length < 2 || referral.domain !== own.domain || !referral.local.startsWith(own.local)) return false;
  return /^([_-]?\d+)?$/.test(referral.local.slice(own.local.length));
}

/** The flags a referral raises, in REFERRAL_FLAGS' order; none for an ordinary one. */
export function referralFlags({ registration, salesperson, earlierReferralsFromNetwork }: ReferralSignals): ReferralFlag[] {
  const flags: ReferralFlag[] = [];
  const known = !isLoopback(registration.ip);
  const signIns = salesperson.recentSignIns.filter((signIn) => !isLoopback(signIn.ip));
  const network = clientNetwork(registration.ip);
  if (known && signIns.some((signIn) => clientNetwork(signIn.ip) === network)) flags.push('sameNetwork');
  const near = neighbourhood(registration.ip);
  if (
    known &&
    registration.userAgent &&
    signIns.some((signIn) => signIn.userAgent === registration.userAgent && neighbourhood(signIn.ip) === near)
  ) {
    flags.push('sameDevice');
  }
  if (looksLikeOwnEmail(registration.email, salesperson.email)) flags.push('emailPattern');
  if (known && earlierReferralsFromNetwork + 1 >= REFERRAL_BURST_COUNT) flags.push('networkBurst');
  return flags;
}

export interface NewReferral {
  memberId: number;
  salespersonId: number;
  email: string;
  ip: string;
  userAgent: string | null;
}

/**
 * Checks the referral just registered and, when it raises a flag, opens its review; answers the
 * flags. Call it in the registration's transaction, after its attempt was settled: the network's
 * advisory lock (ADVISORY_LOCKS.referralNetwork) makes registrations from one network count one
 * another one at a time, so a burst sent at once is counted whole.
 */
export async function checkReferral(tx: Executor, referral: NewReferral): Promise<ReferralFlag[]> {
  const network = clientNetwork(referral.ip);
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.referralNetwork}, hashtext(${network}))`);
  const [salesperson] = await tx.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, referral.salespersonId));
  const recentSignIns: SignIn[] = await tx
    .select({ ip: authAttempts.ip, userAgent: authAttempts.userAgent })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.accountId, referral.salespersonId),
        eq(authAttempts.kind, 'login'),
        eq(authAttempts.success, true),
        gt(authAttempts.at, sql`now() - make_interval(days => ${REFERRAL_LOOKBACK_DAYS})`),
      ),
    )
    .union(
      tx
        // The address is never null here (the condition below), as the union's first half types it.
        .select({ ip: sql<string>`${sessions.ip}`, userAgent: sessions.userAgent })
        .from(sessions)
        .where(
          and(
            eq(sessions.accountId, referral.salespersonId),
            isNotNull(sessions.ip),
            gt(sessions.createdAt, sql`now() - make_interval(days => ${REFERRAL_LOOKBACK_DAYS})`),
          ),
        ),
    );
  const [earlier] = await tx
    .select({ n: count() })
    .from(authAttempts)
    .innerJoin(accounts, eq(accounts.id, authAttempts.accountId))
    .where(
      and(
        eq(authAttempts.kind, 'register'),
        eq(authAttempts.success, true),
        eq(authAttempts.network, network),
        gt(authAttempts.at, sql`now() - interval '24 hours'`),
        isNotNull(accounts.referrerId),
        ne(accounts.id, referral.memberId),
      ),
    );
  const flags = referralFlags({
    registration: { ip: referral.ip, userAgent: referral.userAgent, email: referral.email },
    salesperson: {
      email: salesperson?.email ?? '',
      // Sessions written before their User-Agent was bounded (server/http/calls.ts) may hold it whole.
      recentSignIns: recentSignIns.map((signIn) => ({ ...signIn, userAgent: loggedUserAgent(signIn.userAgent) })),
    },
    earlierReferralsFromNetwork: Number(earlier?.n ?? 0),
  });
  if (flags.length > 0) {
    await tx.insert(referralReviews).values({
      memberId: referral.memberId,
      salespersonId: referral.salespersonId,
      flags,
      ip: referral.ip,
      userAgent: referral.userAgent ?? '',
    });
  }
  return flags;
}
