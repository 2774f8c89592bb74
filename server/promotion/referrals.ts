/**
 * 推广中心: whose view it is (the caller, or for 销售管理 a given salesperson), the totals of a
 * salesperson's ledger with commission per business month, the accounts it referred, and the
 * public "whose invitation is this code" of the register tab.
 */
import { and, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { Inviter, PromotionSummary, Referral, ReferralListQuery } from '#contract/api/promotion';
import { CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import type { Executor } from '../db/client';
import { pageOfQuery } from '../db/paging';
import { containsPattern, queryRows } from '../db/query';
import { accounts, ledgerEntries, membershipLevels, orders, salespeople, withdrawals } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import { PROMOTION_MESSAGES } from './messages';
import { activeSalesperson, referredCount } from '../sale/salespeople';
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
  // Its ledger's sums and its withdrawals' sums, each a lateral aggregate over the account's rows.
  const ledger = db
    .select({
      earned: sql<Cents>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'commission'), 0)`.as('earned'),
      refunded:
        sql<Cents>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('refund', 'clawback')), 0)`.as(
          'refunded',
        ),
      adjusted: sql<Cents>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'adjustment'), 0)`.as(
        'adjusted',
      ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accounts.id))
    .as('l');
  const paidOut = db
    .select({
      withdrawn: sql<Cents>`coalesce(sum(${withdrawals.amountCents}) filter (where ${withdrawals.status} = 'paid'), 0)`.as('withdrawn'),
      held: sql<Cents>`coalesce(sum(${withdrawals.amountCents}) filter (where ${withdrawals.status} in ('pending', 'approved')), 0)`.as(
        'held',
      ),
    })
    .from(withdrawals)
    .where(eq(withdrawals.accountId, accounts.id))
    .as('w');
  const [row] = await db
    .select({
      name: accounts.username,
      inviteCode: salespeople.inviteCode,
      codeActive: sql<boolean | null>`(${activeSalesperson})`,
      balance: salespeople.balanceCents,
      pending: salespeople.pendingCents,
      referred: referredCount(db, accounts.id),
      earned: ledger.earned,
      refunded: ledger.refunded,
      adjusted: ledger.adjusted,
      withdrawn: paidOut.withdrawn,
      held: paidOut.held,
    })
    .from(accounts)
    .leftJoin(salespeople, eq(salespeople.accountId, accounts.id))
    .crossJoinLateral(ledger)
    .crossJoinLateral(paidOut)
    .where(eq(accounts.id, accountId));
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

/** `promotion/referrals`: the caller's own referrals, or a salesperson's for staff with 销售管理. */
export async function listReferrals(ctx: CallContext, query: ReferralListQuery): Promise<Page<Referral>> {
  return referralPage(ctx.db, await subjectOf(ctx, query.saleId), query);
}

/** The accounts `saleId` referred, newest first, with their paid orders and the commission they brought. */
export async function referralPage(db: Executor, saleId: number, query: ReferralListQuery): Promise<Page<Referral>> {
  const filters: SQL[] = [eq(accounts.referrerId, saleId)];
  if (query.username?.trim()) filters.push(ilike(accounts.username, containsPattern(query.username.trim())));
  if (query.levelId !== undefined) {
    filters.push(query.levelId === 0 ? isNull(accounts.membershipLevelId) : eq(accounts.membershipLevelId, query.levelId));
  }
  if (query.createdFrom) filters.push(sql`${accounts.createdAt} >= ${query.createdFrom}::timestamptz`);
  if (query.createdTo) filters.push(sql`${accounts.createdAt} < ${query.createdTo}::timestamptz`);
  const where = and(...filters);
  // Each account's paid orders and the commission they brought `saleId`: a lateral aggregate.
  const paid = db
    .select({
      paid: sql<number>`count(*)::int`.as('paid'),
      commission: sql<Cents>`coalesce(sum(${orders.commissionCents}) filter (where ${orders.salespersonId} = ${saleId}), 0)`.as(
        'commission',
      ),
    })
    .from(orders)
    .where(and(eq(orders.accountId, accounts.id), eq(orders.status, 'paid')))
    .as('o');
  return pageOfQuery(
    query,
    {
      rows: db
        .select({
          id: accounts.id,
          username: accounts.username,
          createdAt: accounts.createdAt,
          levelId: accounts.membershipLevelId,
          levelName: membershipLevels.name,
          expiresAt: accounts.membershipExpiresAt,
          paidOrders: paid.paid,
          commission: paid.commission,
        })
        .from(accounts)
        .leftJoin(membershipLevels, eq(membershipLevels.id, accounts.membershipLevelId))
        .crossJoinLateral(paid)
        .where(where)
        .orderBy(desc(accounts.createdAt), desc(accounts.id))
        .$dynamic(),
      count: db.select({ n: count() }).from(accounts).where(where),
    },
    (row) => ({
      id: row.id,
      username: row.username,
      createdAt: row.createdAt.toISOString(),
      levelId: row.levelId,
      levelName: row.levelId === null ? null : row.levelName,
      expiresAt: row.levelId === null ? null : (row.expiresAt?.toISOString() ?? null),
      paidOrders: Number(row.paidOrders),
      commissionCents: Number(row.commission ?? 0),
    }),
  );
}

/**
 * The salesperson who may invite with `inviteCode` (any case, spaces around): enabled, not removed,
 * its account enabled (activeSalesperson). Any other code, unknown or not, is the same A0400, for
 * the lookup of the register page and for the registration itself alike.
 */
export async function invitingSalesperson(db: Executor, inviteCode: string): Promise<{ accountId: number; name: string }> {
  const [row] = await db
    .select({ accountId: salespeople.accountId, name: accounts.username })
    .from(salespeople)
    .innerJoin(accounts, eq(accounts.id, salespeople.accountId))
    .where(and(eq(salespeople.inviteCode, inviteCode.trim().toUpperCase()), activeSalesperson));
  if (!row) throw badParameter('inviteCode', PROMOTION_MESSAGES.unknownInviteCode);
  return row;
}

/** The display name of an inviting salesperson's code (the register page's 「某某」邀请你注册). */
export async function inviterOf({ db, config, ip }: PublicCallContext, { inviteCode }: { inviteCode: string }): Promise<Inviter> {
  if (!(await admitLookup(db, ip, config.authRateLimitPerMinute))) throw new Refusal(CODES.TOO_MANY_REQUESTS);
  return { name: (await invitingSalesperson(db, inviteCode)).name };
}
