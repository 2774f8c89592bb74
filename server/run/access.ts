/**
 * Whose runs a caller reads: its own, and with 插件运行记录's grant every account's within its own
 * grants (product.md: staff list and act only on accounts whose grants are within theirs, like 用户管理).
 */
import { sql, type SQL } from 'drizzle-orm';
import { CAPABILITY_URLS } from '#contract/capabilities';
import type { CallContext } from '../context';
import { pluginRuns } from '../db/schema';
import { holdsNoneOf, rolesBeyond } from '../rbac/authority';

type Caller = Pick<CallContext, 'account' | 'snapshot'>;

/** Whether the caller may read every account's runs (插件运行记录). */
export const seesAllRuns = ({ account, snapshot }: Caller): boolean =>
  snapshot.forRoles(account.roleIds).urls.has(CAPABILITY_URLS.canSeeAllPluginRuns);

/** The runs of accounts a staff caller may read: none holding a role beyond its own grants. */
export const withinCallersGrants = ({ account, snapshot }: Caller): SQL =>
  holdsNoneOf(sql`${pluginRuns.accountId}`, rolesBeyond(snapshot, account));
