/**
 * Two accounts of the mock only, so that QA sees the second factor's screens under `max dev` (the
 * demo accounts sign in with the password alone): both 运营 (a role with 需要两步验证) with the demo
 * password. `qa_enrol` has no factor: its sign-in asks it to set one up. `qa_totp` has an
 * authenticator app whose secret is MOCK_TOTP_SECRET: add it to any authenticator app (or compute a
 * code from it) to see the sign-in's second step; its recovery codes are MOCK_RECOVERY_CODES.
 */
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '#contract/demoAccounts';
import type { Db } from '../../server/db/client';
import { queryOne } from '../../server/db/query';
import { hashPassword } from '../../server/auth/password';
import { recoveryCodeHash } from '../../server/auth/recoveryCodes';

export const MOCK_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const MOCK_RECOVERY_CODES = ['QAQA-QAQA-QAQA-QAQA-QAQA-QA01', 'QAQA-QAQA-QAQA-QAQA-QAQA-QA02'];

export async function seedFactorAccounts(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const username of ['qa_enrol', 'qa_totp']) {
    await db.execute(
      sql`insert into accounts (username, email, password_hash) values (${username}, ${`${username}@example.com`}, ${passwordHash})
          on conflict do nothing`,
    );
    await db.execute(
      sql`insert into account_roles (account_id, role_id)
          select a.id, r.id from accounts a, roles r where a.username = ${username} and r.code = 'operator' on conflict do nothing`,
    );
  }
  const { id } = (await queryOne<{ id: number }>(db, sql`select id from accounts where username = 'qa_totp'`))!;
  await db.execute(
    sql`insert into account_factors (account_id, kind, name, totp_secret) values (${id}, 'totp', '身份验证器', ${MOCK_TOTP_SECRET})
        on conflict do nothing`,
  );
  for (const code of MOCK_RECOVERY_CODES) {
    await db.execute(
      sql`insert into recovery_codes (account_id, code_hash) values (${id}, ${recoveryCodeHash(id, code)}) on conflict do nothing`,
    );
  }
}
