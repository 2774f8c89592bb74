/**
 * Staged rollout of a script version (issue 30 point 4, docs/plugin-scripts.md): an approval may
 * send the new version to a cohort first (named accounts, and a share of every account by a stable
 * hash) while every other account keeps the version it had (the stable one). Staff promote it to
 * everyone, or roll it back; the server rolls it back by itself when its runs fail clearly more
 * often than the stable version's (ROLLOUT_ROLLBACK).
 */

/** How many accounts a cohort may name. */
export const ROLLOUT_ACCOUNTS_MAX = 50;

/**
 * The automatic rollback: once the canary has at least `minRuns` ended runs (stopped ones not
 * counted), it is rolled back when the share of them that failed at one of its steps exceeds the
 * stable version's share over its last `stableWindow` runs by more than `margin`. Decided once.
 */
export const ROLLOUT_ROLLBACK = { minRuns: 5, margin: 0.3, stableWindow: 20 } as const;

/**
 * An account's place among 100 buckets (0–99): FNV-1a of its id, the same on every instance and
 * for every rollout, so a share of 10 % is always the same tenth of the accounts, and raising it
 * only adds accounts.
 */
export function rolloutBucket(accountId: number): number {
  let hash = 0x811c9dc5;
  for (const char of `account:${accountId}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** Whether an account is in a rollout's cohort: named, or within its share. */
export const inCohort = (cohort: { accountIds: readonly number[]; percent: number }, accountId: number): boolean =>
  cohort.accountIds.includes(accountId) || rolloutBucket(accountId) < cohort.percent;

/** Whether a canary's runs fail clearly more often than the stable version's (ROLLOUT_ROLLBACK). */
export function canaryFailing(canary: { runs: number; failed: number }, stable: { runs: number; failed: number }): boolean {
  if (canary.runs < ROLLOUT_ROLLBACK.minRuns) return false;
  const stableRate = stable.runs > 0 ? stable.failed / stable.runs : 0;
  return canary.failed / canary.runs - stableRate > ROLLOUT_ROLLBACK.margin;
}

/** Why a script's pending change can not be rolled out in stages (it can only be approved for everyone), or null. */
export type RolloutBlocker = 'needsLive' | 'renamed' | 'sameVersion';

/**
 * A rollout serves one script at two versions under one name and state: only a new version of a
 * script the plug-in already receives, enabled before and after, and not renamed.
 */
export function rolloutBlocker(
  live: { name: string | null; enabled: boolean; version: number | null },
  draft: { name: string; enabled: boolean; version: number },
): RolloutBlocker | null {
  if (live.version === null || !live.enabled || !draft.enabled) return 'needsLive';
  if (live.name !== draft.name) return 'renamed';
  if (live.version === draft.version) return 'sameVersion';
  return null;
}
