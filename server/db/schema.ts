/** The database schema: the single source drizzle-kit generates the SQL migrations from. */
import { sql } from 'drizzle-orm';
import { NOTIFICATION_AUDIENCES, NOTIFICATION_KIND_NAMES } from '../../contract/notifications';
import type { PendingReleaseChange } from '../../contract/api/appVersion';
import {
  bigint,
  check,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const membershipLevels = pgTable('membership_levels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  durationDays: integer('duration_days').notNull(),
  shopQuota: integer('shop_quota').notNull(),
  productQuota: integer('product_quota').notNull(),
  sort: integer('sort').notNull().default(0),
  onSale: boolean('on_sale').notNull().default(true),
  createdAt: createdAt(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    membershipLevelId: integer('membership_level_id').references(() => membershipLevels.id),
    membershipExpiresAt: timestamp('membership_expires_at', { withTimezone: true }),
    referrerId: integer('referrer_id'),
    /** Overrides the session lifetime; 0 issues sessions that are expired at once (demo account). */
    sessionTtlSeconds: integer('session_ttl_seconds'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    // The lists' order (created_at desc, id desc) read backwards, without a sort.
    index('accounts_created_at').on(t.createdAt, t.id),
    // The users screen searches `%text%` (ilike): trigram indexes (pg_trgm) keep it fast at scale.
    // fastupdate off: PGlite has no autovacuum, so a GIN pending list would only be merged when it
    // reaches 4 MB, and every search would read it through (ten times slower at 100,000 accounts).
    index('accounts_username_trgm')
      .using('gin', sql`${t.username} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('accounts_email_trgm')
      .using('gin', sql`${t.email} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // One- and two-character searches have no trigram: this index of the lowercased characters and
    // character pairs serves them (account_search_grams, migration 0006).
    index('accounts_username_grams')
      .using('gin', sql`account_search_grams(${t.username})`)
      .with({ fastupdate: false }),
    // Referred accounts of a salesperson (sales screen).
    index('accounts_referrer').on(t.referrerId),
    // The membership notices' periodic job: memberships ending soon or lately (server/notifications/membershipJob.ts).
    index('accounts_membership_expires_at')
      .on(t.membershipExpiresAt)
      .where(sql`${t.membershipExpiresAt} is not null`),
  ],
);

/**
 * Why a session ended before its time: signed out, ended from another of the account's own devices,
 * ended by the account's own password change, or by staff (在线用户, status, password reset).
 */
export const SESSION_END_REASONS = ['logout', 'self', 'password', 'staff'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it was ended, so its next call can say so (null for sessions ended before it was kept). */
    revokedReason: text('revoked_reason', { enum: SESSION_END_REASONS }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_account').on(t.accountId),
    check('sessions_revoked_reason_known', sql`${t.revokedReason} in (${sql.raw(SESSION_END_REASONS.map((r) => `'${r}'`).join(', '))})`),
  ],
);

/**
 * The plug-in's credentials (issue 29): each bound to a console session, good only for the plug-in's
 * calls, and dead with the session (logout, force logout, idle or absolute expiry). The console asks
 * for one after the plug-in's `start` (`plugin/token`); a session keeps its newest few.
 */
export const pluginTokens = pgTable(
  'plugin_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plugin_tokens_token_hash_key').on(t.tokenHash), index('plugin_tokens_session').on(t.sessionId, t.id)],
);

/**
 * Login and register attempts: per-address rate limit and per-account lockout, shared by every
 * instance, and the login log (who typed what, from where, with which browser, and the outcome).
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    /** The network the address counts for in the per-address limit: itself, or an IPv6 address's /64 (server/http/clientNetwork.ts). */
    network: text('network').notNull(),
    kind: text('kind', { enum: ['login', 'register'] }).notNull(),
    accountId: integer('account_id'),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The username or email as typed (trimmed, at most 100 characters); null for register. */
    username: text('username'),
    /** The client's User-Agent header (at most 300 characters). */
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_attempts_network_at').on(t.network, t.at), index('auth_attempts_account_at').on(t.accountId, t.at)],
);

/**
 * The public inviter lookups (`account/inviter`) admitted per address in the last minute, shared by
 * every instance (server/promotion/lookupLimit.ts); pruned after an hour.
 */
export const inviterLookups = pgTable(
  'inviter_lookups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    /** What the limit counts: the address, or an IPv6 address's /64 (server/http/clientNetwork.ts). */
    network: text('network').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inviter_lookups_network_at').on(t.network, t.at)],
);

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    title: text('title').notNull(),
    url: text('url').notNull(),
    icon: text('icon'),
    kind: text('kind', { enum: ['directory', 'page', 'action'] })
      .notNull()
      .default('page'),
    visible: boolean('visible').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('menus_url_key').on(t.url), index('menus_parent').on(t.parentId)],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    builtIn: boolean('built_in').notNull().default(false),
  },
  (t) => [uniqueIndex('roles_code_key').on(t.code)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] }), index('account_roles_role').on(t.roleId)],
);

/** One row: bumped by triggers on every change to menus, roles and grants, so caches can tell. */
export const rbacState = pgTable('rbac_state', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

export const salespeople = pgTable(
  'salespeople',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    commissionRate: integer('commission_rate').notNull(),
    inviteCode: text('invite_code').notNull(),
    /** The ledger balance in cents: the sum of the account's ledger entries, kept here so one row lock guards it. */
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /** A removed salesperson keeps its row and ledger (removing needs /salerdel). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('salespeople_invite_code_key').on(t.inviteCode),
    check('salespeople_balance_not_negative', sql`${t.balanceCents} >= 0`),
  ],
);

/** The salesperson's ledger: every money change writes one entry in the transaction that makes it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** Signed cents: credits are positive, debits negative. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['commission', 'withdrawal', 'refund', 'adjustment'] }).notNull(),
    /** What the entry is about, e.g. `order:2026112100001` or `withdrawal:12`. */
    reference: text('reference').notNull().default(''),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account').on(t.accountId, t.id),
    check('ledger_entries_balance_after_not_negative', sql`${t.balanceAfterCents} >= 0`),
  ],
);

/** A salesperson's payout cards; only the last four digits are kept. */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    holder: text('holder').notNull(),
    bank: text('bank').notNull(),
    last4: text('last4').notNull(),
    /** A keyed hash of the full number: refuses the same card twice without keeping the number. */
    fingerprint: text('fingerprint').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    /** Removed cards stay for the withdrawals that name them. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('bank_cards_account').on(t.accountId),
    uniqueIndex('bank_cards_one_default')
      .on(t.accountId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
    uniqueIndex('bank_cards_fingerprint_key')
      .on(t.accountId, t.fingerprint)
      .where(sql`${t.removedAt} is null`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => bankCards.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'paid'] })
      .notNull()
      .default('pending'),
    reviewerId: integer('reviewer_id'),
    reason: text('reason'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_status').on(t.status, t.createdAt),
    index('withdrawals_account').on(t.accountId, t.createdAt),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    levelId: integer('level_id')
      .notNull()
      .references(() => membershipLevels.id, { onDelete: 'restrict' }),
    /** The level's name and duration when the order was made. */
    levelName: text('level_name').notNull(),
    durationDays: integer('duration_days').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled', 'refunded'] })
      .notNull()
      .default('pending'),
    /** The payment channel adapter's name: `online` (confirmed by staff) or `recharge`. */
    channel: text('channel').notNull(),
    /** The referring salesperson's account when the order was made. */
    salespersonId: integer('salesperson_id'),
    /** Commission rate (basis points) and amount fixed when the order was paid. */
    commissionRate: integer('commission_rate'),
    commissionCents: bigint('commission_cents', { mode: 'number' }),
    /** The membership expiry before and after this order's payment, so a refund can reverse it. */
    expiresBefore: timestamp('expires_before', { withTimezone: true }),
    /** The account's membership level before this order's payment (a refund puts it back). */
    levelBeforeId: integer('level_before_id'),
    expiresAfter: timestamp('expires_after', { withTimezone: true }),
    operatorId: integer('operator_id'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    index('orders_account').on(t.accountId, t.createdAt),
    index('orders_status_created').on(t.status, t.createdAt),
    // (created_at, id): the lists' and the export's order, and the export's keyset cursor.
    index('orders_created_id').on(t.createdAt, t.id),
    check('orders_amount_not_negative', sql`${t.amountCents} >= 0`),
  ],
);

/** Shops bound by the plug-in and reported to the server. */
export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    region: text('region').notNull().default(''),
    status: text('status', { enum: ['bound', 'unbound', 'invalid'] })
      .notNull()
      .default('bound'),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shops_account_platform_external_key').on(t.accountId, t.platform, t.externalId),
    // A shop is bound to one account at a time: of two claims at once, exactly one wins (issue 29).
    uniqueIndex('shops_bound_once')
      .on(t.platform, t.externalId)
      .where(sql`${t.status} = 'bound'`),
    index('shops_status').on(t.status, t.boundAt),
  ],
);

/**
 * The binds the console started (`shop/bindStart`): `shop/report` takes a shop only with the bind
 * id of a bind its account started, once, within BIND_TTL_SECONDS (issue 29). Only the id's hash is kept.
 */
export const shopBinds = pgTable(
  'shop_binds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('shop_binds_token_hash_key').on(t.tokenHash), index('shop_binds_account').on(t.accountId, t.createdAt)],
);

/** Plug-in automation scripts: action scripts and link (url) scripts. Content lives in versions. */
export const scripts = pgTable(
  'scripts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['action', 'url'] }).notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    currentVersion: integer('current_version').notNull().default(1),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /**
     * What the plug-in receives (four-eyes, docs/plugin-scripts.md): the name, state and version a
     * second account approved. `name`, `enabled` and `current_version` above are the editors' draft;
     * a draft that differs from these is pending. Null version: never approved, served to no one.
     */
    liveName: text('live_name'),
    liveEnabled: boolean('live_enabled').notNull().default(false),
    liveVersion: integer('live_version'),
    /** Bumped by every change; an approval names the revision it reviewed. */
    revision: integer('revision').notNull().default(1),
    /** The accounts whose changes are pending: none of them may approve them. */
    pendingAuthors: integer('pending_authors')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('scripts_kind_name_key').on(t.kind, t.name)],
);

/** Every save of a script is a new version; restoring copies an older one into a new version. */
export const scriptVersions = pgTable(
  'script_versions',
  {
    id: serial('id').primaryKey(),
    scriptId: integer('script_id')
      .notNull()
      .references(() => scripts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The JSON text as saved (validated JSON, formatting kept). */
    content: text('content').notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('script_versions_script_version_key').on(t.scriptId, t.version)],
);

/** Plug-in releases. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    changelog: text('changelog').notNull().default(''),
    downloadUrl: text('download_url').notNull().default(''),
    minSupportedVersion: text('min_supported_version').notNull(),
    status: text('status', { enum: ['draft', 'published', 'withdrawn'] })
      .notNull()
      .default('draft'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A publish, withdrawal or edit of a served release waiting for a second account's approval
     * (contract/review.ts); the release is served as it was until then.
     */
    pendingChange: jsonb('pending_change').$type<PendingReleaseChange>(),
    pendingBy: integer('pending_by'),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    /** Bumped by every change; an approval names the revision it reviewed. */
    revision: integer('revision').notNull().default(1),
  },
  (t) => [uniqueIndex('app_versions_version_key').on(t.version)],
);

/** The script versions bundled with a release; frozen once the release is published. */
export const appVersionScripts = pgTable(
  'app_version_scripts',
  {
    appVersionId: integer('app_version_id')
      .notNull()
      .references(() => appVersions.id, { onDelete: 'cascade' }),
    scriptVersionId: integer('script_version_id')
      .notNull()
      .references(() => scriptVersions.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.appVersionId, t.scriptVersionId] })],
);

/** Uploaded images and videos; the bytes live behind the storage interface, under `storage_key`. */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['image', 'video', 'other'] }).notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploaderId: integer('uploader_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_storage_key_key').on(t.storageKey), index('media_kind_created').on(t.kind, t.createdAt)],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: integer('author_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_published_at').on(t.publishedAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_actor').on(t.actorId, t.at),
    index('audit_log_target').on(t.targetType, t.targetId),
  ],
);

/**
 * No longer written: earlier versions generated the payout cards' fingerprint key into this table.
 * The server moves such a key out at start (server/money/cardKey.ts); a later migration drops it.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Notifications (docs/notifications.md): one row per event, written in the transaction of the change
 * it announces. It is for one account (`recipient_id`: the record's owner) or for an audience
 * resolved from the reader's grants when read (`audience`), never both.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: NOTIFICATION_KIND_NAMES as [string, ...string[]] }).notNull(),
    recipientId: integer('recipient_id').references(() => accounts.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: NOTIFICATION_AUDIENCES }),
    /** Who made the change: an audience item is not shown to them (their own withdrawal, their own order). */
    actorId: integer('actor_id'),
    /** The record it is about, e.g. `withdrawal` / `12`, `order` / its number. */
    recordType: text('record_type').notNull(),
    recordKey: text('record_key').notNull(),
    /** What the sentence needs (contract/notifications.ts, NotificationDataMap). */
    data: jsonb('data').notNull().default({}),
    /** Periodic notices: one per account and key (the membership job's ON CONFLICT DO NOTHING). */
    dedupeKey: text('dedupe_key'),
    /** An audience item whose work is done (the withdrawal reviewed, the order settled): no longer unread. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient')
      .on(t.recipientId, t.id)
      .where(sql`${t.recipientId} is not null`),
    index('notifications_audience')
      .on(t.audience, t.id)
      .where(sql`${t.audience} is not null`),
    index('notifications_record').on(t.recordType, t.recordKey),
    index('notifications_created_at').on(t.createdAt),
    uniqueIndex('notifications_dedupe_key')
      .on(t.recipientId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    check('notifications_one_addressee', sql`(${t.recipientId} is null) <> (${t.audience} is null)`),
  ],
);

/** Items an account has read one by one (the ones above its read-through mark). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.notificationId] }), index('notification_reads_notification').on(t.notificationId)],
);

/** 全部已读: every item up to this id counts as read for the account. */
export const notificationReadMarks = pgTable('notification_read_marks', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  readThroughId: bigint('read_through_id', { mode: 'number' }).notNull(),
});

/** Single-use tickets that open the notification stream (EventSource sends no Authorization header). */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stream_tickets_expires_at').on(t.expiresAt)],
);
