/**
 * 推荐审核 (issue 32, point 6): the signs that a referral may be a salesperson referring itself or
 * a farm of accounts, checked when an account registers with an invite code
 * (server/referralReview/checks.ts). A flagged referral's commissions are held (待审核) until staff
 * clear or void it. The Chinese labels are in contract/text/referrals.ts. No TypeBox here: the
 * screen imports it.
 */

/**
 * - `sameNetwork`: registered from a network the salesperson signed in from lately;
 * - `sameDevice`: the same browser (User-Agent) as one of the salesperson's recent sign-ins, from a
 *   neighbouring network (an IPv4 /24, an IPv6 /48);
 * - `emailPattern`: the salesperson's own mailbox with a tag, dots or a number (`li.na+2@`, `lina_02@` beside `lina@`);
 * - `networkBurst`: the third or later referral registered from one network within a day.
 */
export const REFERRAL_FLAGS = ['sameNetwork', 'sameDevice', 'emailPattern', 'networkBurst'] as const;
export type ReferralFlag = (typeof REFERRAL_FLAGS)[number];

/** `open`: commissions held (待审核); `cleared`: they follow the holding period; `voided`: cancelled, the referral dropped. */
export const REFERRAL_REVIEW_STATUSES = ['open', 'cleared', 'voided'] as const;
export type ReferralReviewStatus = (typeof REFERRAL_REVIEW_STATUSES)[number];

/** The salesperson's sign-ins of this many days are its "recent sessions". */
export const REFERRAL_LOOKBACK_DAYS = 30;
/** The referral that makes this many from one network within 24 hours is flagged, and every one after it. */
export const REFERRAL_BURST_COUNT = 3;
/** A note on a decision: at most this many characters. */
export const REFERRAL_NOTE_MAX = 200;
