/**
 * Start-up seeding, run at every start and idempotent: menus from the route table, the built-in
 * roles, the first administrator, and with `config.demo` the demo data. It only inserts what is
 * missing (never overwrites edits) and holds a transaction-scoped advisory lock, so several
 * instances starting together do it once.
 */
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { ONE_TIME_PASSWORD_HOURS } from '#contract/accountRules';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { SUPER_ADMIN_ROLE_CODE } from '#contract/system';
import type { ServerConfig } from './config';
import { ADVISORY_LOCKS } from './db/advisoryLocks';
import type { Db, Tx } from './db/client';
import { queryOne, queryRows } from './db/query';
import { oneTimePasswordColumns } from './auth/oneTimePassword';
import { generatePassword, hashPassword } from './auth/password';
import { accounts } from './db/schema';
import { pruneAuthData } from './auth/maintenance';
import { announceMembershipNotices } from './notification/periodicJobs';
import { upsertSalesperson } from './sale/salespeople';
import { menuSeeds, type MenuSeed } from './seed/menus';
import { grantCovers, ROLE_SEEDS } from './seed/roles';
import { DEMO_MEMBER_DAYS, DEMO_MEMBER_LEVEL, DEMO_SALE_COMMISSION_BP, MEMBERSHIP_LEVEL_SEEDS, NEWS_SEEDS } from './seed/demo';
import { DOMAIN_DEMO_SEEDS } from './seed/domains';

export interface BootstrapOptions {
  db: Db;
  config: ServerConfig;
  /** Where the generated administrator password is printed (stdout by default). */
  print?: (text: string) => void;
}

export interface BootstrapReport {
  menusInserted: number;
  rolesCreated: string[];
  adminCreated: boolean;
  demoAccountsCreated: string[];
}

export async function bootstrap({ db, config, print }: BootstrapOptions): Promise<BootstrapReport> {
  const out = print ?? ((text: string) => process.stdout.write(text));
  const report = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.bootstrap})`);
    const insertedMenuIds = await seedMenus(tx, menuSeeds());
    const rolesCreated = await seedRoles(tx, insertedMenuIds);
    const admin = await seedAdmin(tx, config);
    const demoAccountsCreated = config.demo ? await seedDemo(tx, config) : [];
    return { menusInserted: insertedMenuIds.length, rolesCreated, admin, demoAccountsCreated };
  });
  await pruneAuthData(db);
  // The membership notices due while no instance ran (the periodic job takes over from here).
  await announceMembershipNotices(db);
  if (report.admin.generatedPassword) {
    out(
      [
        '',
        '='.repeat(64),
        report.admin.created
          ? '  Administrator account created (first start, empty database)'
          : '  Administrator password made again (the printed one expired unused)',
        `    username: ${report.admin.username}`,
        `    password: ${report.admin.generatedPassword}`,
        `  It is shown only once, signs in only to be changed, and expires in ${ONE_TIME_PASSWORD_HOURS} hours.`,
        '='.repeat(64),
        '',
      ].join('\n') + '\n',
    );
  }
  return {
    menusInserted: report.menusInserted,
    rolesCreated: report.rolesCreated,
    adminCreated: report.admin.created,
    demoAccountsCreated: report.demoAccountsCreated,
  };
}

/** Inserts the menus that are missing (by url), parents first; answers the new ids. */
async function seedMenus(tx: Tx, seeds: readonly MenuSeed[]): Promise<number[]> {
  const existing = await queryRows<{ id: number; url: string }>(tx, sql`select id, url from menus`);
  const idByUrl = new Map(existing.map((row) => [row.url, row.id]));
  const inserted: number[] = [];
  const walk = async (list: readonly MenuSeed[], parentId: number | null) => {
    for (const seed of list) {
      let id = idByUrl.get(seed.url);
      if (id === undefined) {
        const row = await queryOne<{ id: number }>(
          tx,
          sql`insert into menus (parent_id, title, url, icon, kind, visible, sort)
              values (${parentId}, ${seed.title}, ${seed.url}, ${seed.icon}, ${seed.kind}, ${seed.visible}, ${seed.sort})
              returning id`,
        );
        id = row!.id;
        idByUrl.set(seed.url, id);
        inserted.push(id);
      }
      await walk(seed.children, id);
    }
  };
  await walk(seeds, null);
  return inserted;
}

/**
 * Creates the missing built-in roles with their grants. A built-in role that exists already gets
 * only the menus inserted by this start that its seed covers (new screens and actions), so edits
 * made to it are kept.
 */
async function seedRoles(tx: Tx, insertedMenuIds: readonly number[]): Promise<string[]> {
  const menus = await queryRows<{ id: number; url: string }>(tx, sql`select id, url from menus`);
  const inserted = new Set(insertedMenuIds);
  const created: string[] = [];
  for (const role of ROLE_SEEDS) {
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into roles (code, name, description, built_in, requires_second_factor)
          values (${role.code}, ${role.name}, ${role.description}, true, ${role.requiresSecondFactor ?? false})
          on conflict (code) do nothing returning id`,
    );
    const covered = menus.filter((menu) => grantCovers(role.grants, menu.url));
    let grantIds: number[];
    let roleId: number;
    if (row) {
      created.push(role.code);
      roleId = row.id;
      grantIds = covered.map((menu) => menu.id);
    } else {
      grantIds = covered.filter((menu) => inserted.has(menu.id)).map((menu) => menu.id);
      if (grantIds.length === 0) continue;
      roleId = (await queryOne<{ id: number }>(tx, sql`select id from roles where code = ${role.code}`))!.id;
    }
    if (grantIds.length === 0) continue;
    await tx.execute(
      sql`insert into role_menus (role_id, menu_id)
          select ${roleId}, menu_id from unnest(${sql.raw(`ARRAY[${grantIds.map(Number).join(',')}]::int[]`)}) as menu_id
          on conflict do nothing`,
    );
  }
  return created;
}

async function assignRoles(tx: Tx, accountId: number, roleCodes: readonly string[]) {
  for (const code of roleCodes) {
    await tx.execute(
      sql`insert into account_roles (account_id, role_id) select ${accountId}, id from roles where code = ${code}
          on conflict do nothing`,
    );
  }
}

/**
 * The first administrator, on an empty database: with ADMIN_PASSWORD, or with a generated password
 * printed once, which is one-time (auth/oneTimePassword.ts). When that printed password expired
 * without ever being used, a new one is made and printed at the next start.
 */
async function seedAdmin(tx: Tx, config: ServerConfig) {
  const none = { created: false, username: config.adminUsername, generatedPassword: undefined as string | undefined };
  const count = await queryOne<{ n: number }>(tx, sql`select count(*)::int as n from accounts`);
  if ((count?.n ?? 0) > 0) return reissueUnusedAdminPassword(tx, config, none);
  const generatedPassword = config.adminPassword ? undefined : generatePassword();
  const password = config.adminPassword ?? generatedPassword!;
  const email = `${config.adminUsername.toLowerCase()}@localhost`;
  const [row] = await tx
    .insert(accounts)
    .values({
      username: config.adminUsername,
      email,
      passwordHash: await hashPassword(password),
      // A demo's administrator is for QA like the demo accounts: the password alone.
      secondFactorExempt: config.demo,
      ...(generatedPassword ? oneTimePasswordColumns() : {}),
    })
    .returning({ id: accounts.id });
  await assignRoles(tx, row.id, [SUPER_ADMIN_ROLE_CODE]);
  return { created: true, username: config.adminUsername, generatedPassword };
}

async function reissueUnusedAdminPassword<T extends { generatedPassword: string | undefined }>(
  tx: Tx,
  config: ServerConfig,
  none: T,
): Promise<T> {
  const [expired] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        sql`lower(${accounts.username}) = lower(${config.adminUsername})`,
        eq(accounts.passwordChangeRequired, true),
        lte(accounts.passwordExpiresAt, sql`now()`),
        isNull(accounts.lastLoginAt),
      ),
    )
    .for('no key update');
  // Hashing costs a core for half a second: only when there is a password to make.
  if (!expired) return none;
  const generatedPassword = generatePassword();
  await tx
    .update(accounts)
    .set({ passwordHash: await hashPassword(generatedPassword), ...oneTimePasswordColumns() })
    .where(eq(accounts.id, expired.id));
  return { ...none, generatedPassword };
}

async function seedDemo(tx: Tx, config: ServerConfig): Promise<string[]> {
  for (const level of MEMBERSHIP_LEVEL_SEEDS) {
    await tx.execute(
      sql`insert into membership_levels (name, price_cents, duration_days, shop_quota, product_quota, sort)
          select ${level.name}, ${level.priceCents}, ${level.durationDays}, ${level.shopQuota}, ${level.productQuota}, ${level.sort}
          where not exists (select 1 from membership_levels where name = ${level.name})`,
    );
  }
  const created: string[] = [];
  const idOf = async (username: string) =>
    (await queryOne<{ id: number }>(tx, sql`select id from accounts where lower(username) = lower(${username})`))?.id;

  // The salesperson first, so that the member can be attributed to it.
  const order = ['superAdmin', 'operator', 'reviewer', 'salesperson', 'member', 'expired'] as const;
  // One hash (scrypt at N=2^17 costs about 0.4 s) shared by the demo accounts, made only when one is missing.
  let demoHash: Promise<string> | undefined;
  for (const key of order) {
    const demo = DEMO_ACCOUNTS[key];
    if ((await idOf(demo.username)) !== undefined) continue;
    const passwordHash = await (demoHash ??= hashPassword(DEMO_PASSWORD));
    const ttl = key === 'expired' ? 0 : null;
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into accounts (username, email, password_hash, session_ttl_seconds)
          values (${demo.username}, ${demo.email}, ${passwordHash}, ${ttl}) returning id`,
    );
    await assignRoles(tx, row!.id, demo.roles);
    created.push(demo.username);
    if (key === 'salesperson') {
      await upsertSalesperson(tx, row!.id, true, DEMO_SALE_COMMISSION_BP);
    }
    if (key === 'member') {
      const saleId = await idOf(DEMO_ACCOUNTS.salesperson.username);
      await tx.execute(
        sql`update accounts set
              membership_level_id = (select id from membership_levels where name = ${DEMO_MEMBER_LEVEL} order by id limit 1),
              membership_expires_at = now() + make_interval(days => ${DEMO_MEMBER_DAYS}),
              referrer_id = ${saleId ?? null}
            where id = ${row!.id}`,
      );
    }
  }
  // Demo-only: the demo accounts sign in with their published password alone, whatever their roles ask
  // (also those made before second factors existed).
  await tx
    .update(accounts)
    .set({ secondFactorExempt: true })
    .where(
      inArray(
        sql`lower(${accounts.username})`,
        Object.values(DEMO_ACCOUNTS).map((demo) => demo.username.toLowerCase()),
      ),
    );
  for (const seedDomain of DOMAIN_DEMO_SEEDS) await seedDomain(tx, config);
  for (const article of NEWS_SEEDS) {
    await tx.execute(
      sql`insert into news (title, summary, body, published_at)
          select ${article.title}, ${article.summary}, ${article.body}, now() - make_interval(days => ${article.daysAgo})
          where not exists (select 1 from news where title = ${article.title})`,
    );
  }
  return created;
}
