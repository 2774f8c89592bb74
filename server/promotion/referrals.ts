/**
 * 推广中心: whose view it is (the caller, or for 销售管理 a given salesperson), the totals of a
 * salesperson's ledger with commission per business month, the accounts it referred, and the
 * public "whose invitation is this code" of the register tab.
 */
import { eq, sql } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { Inviter, PromotionSummary, Referral, ReferralListQuery } from '#contract/api/promotion';
import { CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import type { Executor } from '../db/client';
import { allOf, fetchPage } from '../db/paging';
import { containsPattern, type DriverValue, queryOne, queryRows, toIso } from '../db/query';
import { salespeople, type accounts, type membershipLevels } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import { PROMOTION_MESSAGES } from './messages';
import { ACTIVE_SALESPERSON } from '../sale/salespeople';
import type { CallContext, PublicCallContext } from '../context';
import { admitLookup } from './lookupLimit';
import { salespersonMoney, type SalespersonMoney } from '../ledger/balance';

/** The summary names the payable amount `availableCents`. */
const availableMoney = ({ balanceCents, pendingCents, owedCents }: SalespersonMoney) => ({
  availableCents: balanceCents,
  pendingCents,
  owedCents,
});

/**
 * The account whose referral view the caller asks for. Without `saleId` (or with its own id): the
 * caller, who needs 推广中心. Another id needs 销售管理 — checked before the id is looked at, so
 * a caller without it learns nothing about the id (A0301 alike) — and must be a salesperson (now
 * or once): any other id, existing or not, is the same A0400.
 */
export async function subjectOf({ db, account, snapshot }: CallContext, saleId: number | undefined): Promise<number> {
  const urls = snapshot.forRoles(account.roleIds).urls;
  if (saleId === undefined || saleId === account.id) {
    if (!urls.has(CAPABILITY_URLS.canSeePromotion) && !urls.has(CAPABILITY_URLS.canSeeSaleManager)) {
      throw new Refusal(CODES.NOT_AUTHORISED);
    }
    return account.id;
  }
  if (!urls.has(CAPABILITY_URLS.canSeeSaleManager)) throw new Refusal(CODES.NOT_AUTHORISED);
  const [row] = await db.select({ id: salespeople.accountId }).from(salespeople).where(eq(salespeople.accountId, saleId));
  if (!row) throw badParameter('saleId', PROMOTION_MESSAGES.notASalesperson);
  return saleId;
}

type Cents = number | string | null;

/**
 * The totals of `accountId`'s ledger and its commission per business month for the 12 months up to
 * `now`'s (in `timeZone`). The balance is the salesperson row's; the rest are sums of the ledger and
 * the withdrawals, so available = earned − refunded − withdrawn − held + adjusted.
 */
/** `promotion/summary`: the caller's own summary, or a salesperson's for staff with 销售管理. */
export async function promotionSummary(ctx: CallContext, body: { saleId?: number }): Promise<PromotionSummary> {
  return summaryOfSalesperson(ctx.db, await subjectOf(ctx, body.saleId), ctx.config.businessTimeZone);
}

export async function summaryOfSalesperson(
  db: Executor,
  accountId: number,
  timeZone: string,
  now: Date = new Date(),
): Promise<PromotionSummary> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const row = await queryOne<{
    name: string;
    inviteCode: string | null;
    codeActive: boolean | null;
    balance: Cents;
    pending: Cents;
    referred: number;
    earned: Cents;
    refunded: Cents;
    adjusted: Cents;
    withdrawn: Cents;
    held: Cents;
  }>(
    db,
    sql`select a.username as name, s.invite_code as "inviteCode",
               (s.enabled and s.removed_at is null and a.status = 'enabled') as "codeActive",
               s.balance_cents as balance, s.pending_cents as pending,
               (select count(*)::int from accounts r where r.referrer_id = a.id) as referred,
               l.earned, l.refunded, l.adjusted, w.withdrawn, w.held
        from accounts a
        left join salespeople s on s.account_id = a.id
        cross join lateral (
          select coalesce(sum(amount_cents) filter (where kind = 'commission'), 0) as earned,
                 coalesce(-sum(amount_cents) filter (where kind in ('refund', 'clawback')), 0) as refunded,
                 coalesce(sum(amount_cents) filter (where kind = 'adjustment'), 0) as adjusted
          from ledger_entries where account_id = a.id) l
        cross join lateral (
          select coalesce(sum(amount_cents) filter (where status = 'paid'), 0) as withdrawn,
                 coalesce(sum(amount_cents) filter (where status in ('pending', 'approved')), 0) as held
          from withdrawals where account_id = a.id) w
        where a.id = ${accountId}`,
  );
  // The business months: local month starts (timestamp without zone) stepped in local time, each
  // entry bucketed by its local month; the lower bound in UTC lets the index narrow the entries.
  const months = await queryRows<{ month: string; commission: Cents; refunded: Cents }>(
    db,
    sql`with bounds as (select date_trunc('month', ${at} at time zone ${timeZone}) as last),
        series as (select generate_series(last - interval '11 months', last, interval '1 month') as month from bounds),
        entries as (
          select date_trunc('month', created_at at time zone ${timeZone}) as month, kind, amount_cents
          from ledger_entries, bounds
          where account_id = ${accountId} and kind in ('commission', 'refund', 'clawback')
            and created_at >= ((bounds.last - interval '11 months') at time zone ${timeZone})
            and created_at < ((bounds.last + interval '1 month') at time zone ${timeZone}))
        select to_char(series.month, 'YYYY-MM') as month,
               coalesce(sum(e.amount_cents) filter (where e.kind = 'commission'), 0) as commission,
               coalesce(-sum(e.amount_cents) filter (where e.kind in ('refund', 'clawback')), 0) as refunded
        from series left join entries e on e.month = series.month
        group by series.month order by series.month`,
  );
  return {
    accountId,
    name: row?.name ?? '',
    isSalesperson: row?.balance !== null && row?.balance !== undefined,
    inviteCode: row?.inviteCode ?? null,
    codeActive: Boolean(row?.codeActive),
    referredCount: Number(row?.referred ?? 0),
    earnedCents: Number(row?.earned ?? 0),
    refundedCents: Number(row?.refunded ?? 0),
    withdrawnCents: Number(row?.withdrawn ?? 0),
    heldCents: Number(row?.held ?? 0),
    ...availableMoney(salespersonMoney(row?.balance ?? 0, row?.pending ?? 0)),
    adjustedCents: Number(row?.adjusted ?? 0),
    months: months.map((month) => ({
      month: month.month,
      commissionCents: Number(month.commission ?? 0),
      refundedCents: Number(month.refunded ?? 0),
    })),
  };
}

/** A referred account (its columns as the schema types them), its membership and what its paid orders brought. */
type ReferralRow = Pick<typeof accounts.$inferSelect, 'id' | 'username'> & {
  createdAt: DriverValue;
  levelId: (typeof accounts.$inferSelect)['membershipLevelId'];
  levelName: (typeof membershipLevels.$inferSelect)['name'] | null;
  expiresAt: DriverValue;
  paidOrders: number;
  commission: Cents;
};

/** `promotion/referrals`: the caller's own referrals, or a salesperson's for staff with 销售管理. */
export async function listReferrals(ctx: CallContext, query: ReferralListQuery): Promise<Page<Referral>> {
  return referralPage(ctx.db, await subjectOf(ctx, query.saleId), query);
}

/** The accounts `saleId` referred, newest first, with their paid orders and the commission they brought. */
export async function referralPage(db: Executor, saleId: number, query: ReferralListQuery): Promise<Page<Referral>> {
  const filters = [sql`a.referrer_id = ${saleId}`];
  if (query.username?.trim()) filters.push(sql`a.username ilike ${containsPattern(query.username.trim())}`);
  if (query.levelId !== undefined) {
    filters.push(query.levelId === 0 ? sql`a.membership_level_id is null` : sql`a.membership_level_id = ${query.levelId}`);
  }
  if (query.createdFrom) filters.push(sql`a.created_at >= ${query.createdFrom}::timestamptz`);
  if (query.createdTo) filters.push(sql`a.created_at < ${query.createdTo}::timestamptz`);
  const where = allOf(filters);
  return fetchPage<ReferralRow, Referral>(
    db,
    query,
    {
      rows: sql`select a.id, a.username, a.created_at as "createdAt", a.membership_level_id as "levelId", ml.name as "levelName",
                       a.membership_expires_at as "expiresAt", o.paid as "paidOrders", o.commission
                from accounts a
                left join membership_levels ml on ml.id = a.membership_level_id
                cross join lateral (
                  select count(*)::int as paid,
                         coalesce(sum(commission_cents) filter (where salesperson_id = ${saleId}), 0) as commission
                  from orders where account_id = a.id and status = 'paid') o
                where ${where}
                order by a.created_at desc, a.id desc`,
      count: sql`select count(*)::int as n from accounts a where ${where}`,
    },
    (row) => ({
      id: row.id,
      username: row.username,
      createdAt: toIso(row.createdAt)!,
      levelId: row.levelId,
      levelName: row.levelId === null ? null : row.levelName,
      expiresAt: row.levelId === null ? null : toIso(row.expiresAt),
      paidOrders: Number(row.paidOrders),
      commissionCents: Number(row.commission ?? 0),
    }),
  );
}

/**
 * The salesperson who may invite with `inviteCode` (any case, spaces around): enabled, not removed,
 * its account enabled (ACTIVE_SALESPERSON). Any other code, unknown or not, is the same A0400, for
 * the lookup of the register page and for the registration itself alike.
 */
export async function invitingSalesperson(db: Executor, inviteCode: string): Promise<{ accountId: number; name: string }> {
  const row = await queryOne<{ accountId: number; name: string }>(
    db,
    sql`select s.account_id as "accountId", a.username as name
        from salespeople s join accounts a on a.id = s.account_id
        where s.invite_code = ${inviteCode.trim().toUpperCase()} and ${ACTIVE_SALESPERSON}`,
  );
  if (!row) throw badParameter('inviteCode', PROMOTION_MESSAGES.unknownInviteCode);
  return row;
}

/** The display name of an inviting salesperson's code (the register page's 「某某」邀请你注册). */
export async function inviterOf({ db, config, ip }: PublicCallContext, { inviteCode }: { inviteCode: string }): Promise<Inviter> {
  if (!(await admitLookup(db, ip, config.authRateLimitPerMinute))) throw new Refusal(CODES.TOO_MANY_REQUESTS);
  return { name: (await invitingSalesperson(db, inviteCode)).name };
}
