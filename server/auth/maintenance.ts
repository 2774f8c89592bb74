/**
 * Housekeeping of the sign-in tables while the server runs: dead sessions (expired or revoked more
 * than a day ago), attempts older than the retention, sign-in challenges a day past their expiry
 * (./challenges.ts), inviter lookups older than an hour (server/promotion/lookupLimit.ts), password
 * reset codes older than a day (./passwordReset.ts), and security events and audit entries past
 * their retention (server/securityEvent/retention.ts, by age only) are deleted every 10 minutes, by one
 * instance at a time (`pg_try_advisory_xact_lock`: an instance that finds the lock taken skips
 * that round). Bootstrap runs it once at start too.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import { readParameter } from '../parameter/parameters';
import { startJob, untimed, type JobTimer } from '../periodic';
import { pruneLookups } from '../promotion/lookupLimit';
import { pruneAttempts } from './attempts';
import { pruneChallenges } from './challenges';
import { pruneAppendOnlyLogs } from '../securityEvent/retention';
import { pruneResetCodes } from './passwordReset';

export const PRUNE_INTERVAL_MS = 10 * 60 * 1000;
/** Sessions are kept this long past their expiry or revocation. */
const DEAD_SESSION_GRACE = '1 day';

export interface Pruned {
  sessions: number;
  attempts: number;
  lookups: number;
  challenges: number;
  /** The append-only logs past their retention (server/securityEvent/retention.ts). */
  securityEvents: number;
  auditLog: number;
  /** 忘记密码's codes (./passwordReset.ts), a day after they were made. */
  resetCodes: number;
}

/** Prunes once; answers what it deleted, or null when another instance is pruning. */
export async function pruneAuthData(db: Db): Promise<Pruned | null> {
  return db.transaction(async (tx) => {
    const lock = await queryOne<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.authPruning}) as got`);
    if (!lock?.got) return null;
    const sessions = await queryOne<{ n: number }>(
      tx,
      sql`with deleted as (
            delete from sessions
            where expires_at < now() - interval '${sql.raw(DEAD_SESSION_GRACE)}'
               or revoked_at < now() - interval '${sql.raw(DEAD_SESSION_GRACE)}'
            returning 1)
          select count(*)::int as n from deleted`,
    );
    const attempts = await pruneAttempts(tx, { attemptsDays: await readParameter(tx, 'loginLogRetentionDays') });
    return {
      sessions: sessions?.n ?? 0,
      attempts,
      lookups: await pruneLookups(tx),
      challenges: await pruneChallenges(tx),
      resetCodes: await pruneResetCodes(tx),
      ...(await pruneAppendOnlyLogs(tx)),
    };
  });
}

/** Prunes every `intervalMs` (server/periodic.ts); `stop` clears the timer and waits for a round in progress. */
export function startPruning(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs = PRUNE_INTERVAL_MS,
  time: JobTimer = untimed,
): { stop(): Promise<void> } {
  return startJob('prune-sign-in-data', intervalMs, () => pruneAuthData(db), log, time);
}
