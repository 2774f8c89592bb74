/**
 * Demo orders for demo_member (CONSOLE_DEMO=1), inserted only when it has none: the paid order
 * that bought its current membership (its commission posted to demo_sale's ledger, so ledger and
 * orders agree) and a pending one waiting for staff to confirm it.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryOne, toIso, toMillis } from '../../db/query';
import type { membershipLevels } from '../../db/schema';
import { bookCommission } from '../../ledger/entries';
import { announceOrderCreated } from '../../order/notices';
import { orderReference } from '#contract/ledger';
import { DEFAULT_BUSINESS_TZ } from '../../config';
import { newOrderNo } from '../../order/orderNumbers';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { commissionOf } from '#contract/money';
import { DEMO_MEMBER_LEVEL } from '../demo';

const DAY_MS = 24 * 60 * 60 * 1000;
const PENDING_LEVEL = '旗舰版';

type LevelRow = Pick<typeof membershipLevels.$inferSelect, 'id' | 'name' | 'priceCents' | 'durationDays'>;

const levelNamed = (tx: Tx, name: string) =>
  queryOne<LevelRow>(
    tx,
    sql`select id, name, price_cents as "priceCents", duration_days as "durationDays"
        from membership_levels where name = ${name} order by id limit 1`,
  );

export async function seedDemoOrders(tx: Tx): Promise<void> {
  const member = await queryOne<{ id: number; levelId: number | null; expiresAt: unknown; referrerId: number | null; orders: number }>(
    tx,
    sql`select a.id, a.membership_level_id as "levelId", a.membership_expires_at as "expiresAt", a.referrer_id as "referrerId",
               (select count(*)::int from orders o where o.account_id = a.id) as orders
        from accounts a where lower(a.username) = lower(${DEMO_ACCOUNTS.member.username})`,
  );
  const paidLevel = await levelNamed(tx, DEMO_MEMBER_LEVEL);
  const pendingLevel = await levelNamed(tx, PENDING_LEVEL);
  if (!member || member.orders > 0 || !paidLevel || !pendingLevel) return;

  // The order that bought the current membership: paid one duration before it expires.
  const expiresAt = toMillis(member.expiresAt);
  if (member.levelId === paidLevel.id && expiresAt !== null) {
    const paidAt = new Date(expiresAt - paidLevel.durationDays * DAY_MS);
    const sale = member.referrerId
      ? await queryOne<{ rate: number }>(
          tx,
          sql`select commission_rate as rate from salespeople where account_id = ${member.referrerId} and enabled and removed_at is null`,
        )
      : undefined;
    const commission = sale ? commissionOf(paidLevel.priceCents, sale.rate) : null;
    const orderNo = newOrderNo(DEFAULT_BUSINESS_TZ, paidAt);
    await tx.execute(
      sql`insert into orders (order_no, account_id, level_id, level_name, duration_days, amount_cents, status, channel,
                              salesperson_id, commission_rate, commission_cents, expires_before, expires_after, level_before_id,
                              created_at, paid_at)
          values (${orderNo}, ${member.id}, ${paidLevel.id}, ${paidLevel.name}, ${paidLevel.durationDays}, ${paidLevel.priceCents}, 'paid', 'online',
                  ${member.referrerId}, ${sale?.rate ?? null}, ${commission}, null, ${toIso(expiresAt)}::timestamptz, null,
                  ${toIso(paidAt.getTime() - 10 * 60 * 1000)}::timestamptz, ${toIso(paidAt)}::timestamptz)`,
    );
    if (member.referrerId && commission) {
      const { entryId } = await bookCommission(tx, {
        accountId: member.referrerId,
        amountCents: commission,
        reference: orderReference(orderNo),
        note: `订单 ${orderNo}（${paidLevel.name}）佣金`,
        paidAt,
      });
      await tx.execute(sql`update ledger_entries set created_at = ${toIso(paidAt)}::timestamptz where id = ${entryId}`);
    }
  }

  const createdAt = new Date(Date.now() - DAY_MS);
  const pendingNo = newOrderNo(DEFAULT_BUSINESS_TZ, createdAt);
  await tx.execute(
    sql`insert into orders (order_no, account_id, level_id, level_name, duration_days, amount_cents, channel, salesperson_id, created_at)
        values (${pendingNo}, ${member.id}, ${pendingLevel.id}, ${pendingLevel.name}, ${pendingLevel.durationDays},
                ${pendingLevel.priceCents}, 'online', ${member.referrerId}, ${toIso(createdAt)}::timestamptz)`,
  );
  // It waits for the confirmers, as an order the member made would: their bell shows it.
  await announceOrderCreated(tx, {
    orderNo: pendingNo,
    accountId: member.id,
    username: DEMO_ACCOUNTS.member.username,
    levelName: pendingLevel.name,
    amountCents: pendingLevel.priceCents,
  });
  await tx.execute(
    sql`update notifications set created_at = ${toIso(createdAt)}::timestamptz where record_type = 'order' and record_key = ${pendingNo}`,
  );
}
