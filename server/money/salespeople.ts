/**
 * Salesperson rows: a new one gets a unique invite code. Used by the `sale/*` calls and by the
 * bootstrap's demo salesperson.
 */
import { sql } from 'drizzle-orm';
import { randomCode } from '../auth/password';
import type { Executor } from '../db/client';
import { queryOne } from '../db/query';

/** Uppercase letters and digits without the look-alikes 0/O, 1/I/L. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

export const newInviteCode = () => randomCode(INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH);

export interface SaleRow {
  accountId: number;
  enabled: boolean;
  commissionRate: number;
  inviteCode: string;
}

export const saleColumns = sql`account_id as "accountId", enabled, commission_rate as "commissionRate", invite_code as "inviteCode"`;

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
          on conflict (account_id) do update set enabled = excluded.enabled, commission_rate = excluded.commission_rate,
            -- Making a removed salesperson a salesperson again brings it back.
            removed_at = case when excluded.enabled then null else salespeople.removed_at end
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
