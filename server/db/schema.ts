/** The database schema: the single source drizzle-kit generates the SQL migrations from. */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
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
    index('accounts_created_at').on(t.createdAt),
  ],
);

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
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_account').on(t.accountId)],
);

/** Login and register attempts: per-address rate limit and per-account lockout, shared by every instance. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    kind: text('kind', { enum: ['login', 'register'] }).notNull(),
    accountId: integer('account_id'),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_attempts_ip_at').on(t.ip, t.at), index('auth_attempts_account_at').on(t.accountId, t.at)],
);

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    title: text('title').notNull(),
    url: text('url').notNull(),
    icon: text('icon'),
    kind: text('kind', { enum: ['directory', 'page', 'action'] }).notNull().default('page'),
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('salespeople_invite_code_key').on(t.inviteCode)],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
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
  (t) => [index('audit_log_at').on(t.at)],
);
