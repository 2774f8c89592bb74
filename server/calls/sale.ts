/** `sale/setSale`: make an account a salesperson (or update one), with a unique invite code. */
import { sql } from 'drizzle-orm';
import { CAPABILITY_URLS } from '../../src/shared/capabilities';
import { CODES } from '../../src/shared/codes';
import type { SaleInfo } from '../../src/shared/api';
import { SetSaleBodySchema } from '../../src/shared/schemas';
import { audit } from '../audit';
import { randomCode } from '../auth/password';
import { queryOne } from '../db/query';
import type { Db } from '../db/client';
import { Refusal } from '../http/respond';
import { defineCall } from '../http/calls';

/** Uppercase letters and digits without the look-alikes 0/O, 1/I/L. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

export const newInviteCode = () => randomCode(INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH);

type Executor = Pick<Db, 'execute'>;

interface SaleRow {
  accountId: number;
  enabled: boolean;
  commissionRate: number;
  inviteCode: string;
}

const saleColumns = sql`account_id as "accountId", enabled, commission_rate as "commissionRate", invite_code as "inviteCode"`;

/**
 * Inserts or updates the salesperson row of `accountId`; a new row gets a fresh invite code
 * (retried on the unlikely collision), an existing one keeps its code.
 */
export async function upsertSalesperson(
  db: Executor,
  accountId: number,
  enabled: boolean,
  commissionRate: number,
): Promise<SaleRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await queryOne<SaleRow>(
      db,
      sql`insert into salespeople (account_id, enabled, commission_rate, invite_code)
          values (${accountId}, ${enabled}, ${commissionRate}, ${newInviteCode()})
          on conflict (account_id) do update set enabled = excluded.enabled, commission_rate = excluded.commission_rate
          returning ${saleColumns}`,
    ).catch((error) => {
      // A taken invite code: try another one.
      if (/salespeople_invite_code_key/.test(String(error?.cause?.constraint_name ?? error?.cause?.message ?? error?.message))) {
        return undefined;
      }
      throw error;
    });
    if (row) return row;
  }
  throw new Error('could not generate a unique invite code');
}

const setSale = defineCall({
  path: 'sale/setSale',
  auth: { anyGrant: [CAPABILITY_URLS.canSeeUsersManager, CAPABILITY_URLS.canSeeSaleManager] },
  body: SetSaleBodySchema,
  async handler({ db, body, account, ip }): Promise<SaleInfo> {
    const target = await queryOne<{ id: number }>(db, sql`select id from accounts where id = ${body.accountId}`);
    if (!target) throw new Refusal(CODES.NO_SUCH_ACCOUNT);
    const before = await queryOne<SaleRow>(db, sql`select ${saleColumns} from salespeople where account_id = ${body.accountId}`);
    const after = await upsertSalesperson(db, body.accountId, body.enabled, body.commissionRate);
    await audit(db, {
      actorId: account.id,
      action: 'sale.setSale',
      targetType: 'account',
      targetId: body.accountId,
      before: before ?? null,
      after,
      ip,
    });
    return after;
  },
});

export const saleCalls = [setSale];
