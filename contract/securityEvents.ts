/**
 * Security events (ASVS 16.3.2, 16.3.3): the refusals and sign-in events worth a staff member's eye,
 * kept append-only in `security_events` (server/securityEvent). The kinds are a closed list; their
 * Chinese names are in contract/text/securityEvents.ts (the screen and the export read them).
 */

export const SECURITY_EVENT_KINDS = [
  /** A0301: a call the caller's grants do not open. */
  'forbidden',
  /** A0501: a rate limit refused the request. */
  'rateLimited',
  /** A burst of A0400 from one account or one client network (SECURITY_BURST). */
  'badInputBurst',
  /** An account (or a name no account has) locked after too many wrong passwords. */
  'lockout',
  /** A wrong password at 验证身份 (account/stepUp). */
  'stepUpFailed',
  /** A wrong second factor (the second factor's sign-in and step-up call `recordSecurityEvent`). */
  'secondFactorFailed',
  /** A sign-in from a device or network the account had not used, on an account whose role needs 两步验证. */
  'newDevice',
  /** The account said 不是我 to a new-device notice: every session ended, the account disabled for review. */
  'notMe',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/**
 * A0400 bursts, counted in each server instance's memory: this many A0400 answers to one account or
 * one client network within the window make one `badInputBurst` event per key and window.
 */
export const SECURITY_BURST = { threshold: 20, windowSeconds: 60 } as const;

/**
 * Retention, enforced by the database itself (migration 0030's triggers): a row younger than this
 * can not be deleted by any statement; the maintenance job deletes the older ones.
 */
export const SECURITY_EVENT_RETENTION_DAYS = 365;
export const AUDIT_LOG_RETENTION_DAYS = 1095;
