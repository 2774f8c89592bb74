/**
 * The keys of the server's transaction-scoped advisory locks, in one place so that no two uses
 * share a key by accident (docs/concurrency.md says where each is taken in the lock order).
 * A one-key lock (`pg_advisory_xact_lock(bigint)`) and a two-key lock (`(int, int)`) are separate
 * key spaces in PostgreSQL; the numbers are unique across both all the same. The start lock of
 * server/db/client.ts (a session lock) and the release numbering's `hashtext` key live with their
 * code.
 */
export const ADVISORY_LOCKS = {
  /** One key: the bootstrap's writes, one instance at a time (server/bootstrap.ts). */
  bootstrap: 727_100_001,
  /** Two keys (this, `hashtext(ip)`): the sign-in attempts of one address (server/auth/attempts.ts). */
  signinAddress: 727_100_002,
  /** One key, tried: the pruning round of the sign-in tables (server/auth/maintenance.ts). */
  authPruning: 727_100_003,
  /** Two keys (this, `hashtext(ip)`): the inviter lookups of one address (server/promotion/lookupLimit.ts). */
  inviterLookupAddress: 727_100_004,
  /** Two keys (this, 0): the plug-in's script set (server/script/scripts.ts). */
  scriptSet: 727_100_005,
  /** One key, tried: the housekeeping round of the plug-in's runs (server/run/housekeeping.ts). */
  runHousekeeping: 727_100_006,
  /** Two keys (this, the script's id): deciding whether a script version's failures are announced (server/script/healthAlert.ts). */
  scriptHealthAlert: 727_100_007,
  /** Two keys (this, the account's id): an account's `run/start`s, one at a time, so two joins can not both pass the day's cap (server/run/runs.ts). */
  runStart: 727_100_008,
  /** One key, tried: folding the dashboard's order figures, or building them again (server/dashboard/orderFigures.ts). */
  orderFigures: 727_100_009,
  /** One key, tried: releasing the held commissions whose holding period ended (server/ledger/commissionRelease.ts). */
  commissionRelease: 727_100_010,
  /** Two keys (this, `hashtext(key)`): the changes of one business parameter, one at a time (server/parameter/parameters.ts). */
  parameters: 727_100_011,
  /** One key, tried: a reconciliation run, daily or 立即对账, one at a time across instances (server/reconciliation/reconcile.ts). */
  reconciliation: 727_100_012,
  /** Two keys (this, `hashtext(network)`): the referral checks of one network's registrations, one at a time (server/referralReview/checks.ts). */
  referralNetwork: 727_100_013,
} as const;
