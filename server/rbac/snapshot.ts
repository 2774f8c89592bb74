/**
 * An in-process snapshot of menus and role grants, tagged with the `rbac_state` version it was read
 * at. Every authenticated request reads the current version in its one query; when it is newer than
 * the snapshot's, the snapshot is reloaded (once, shared by concurrent requests). Triggers bump the
 * version on any change to menus, roles or grants, so every instance sees a change at its next call.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type DriverValue, queryOne } from '../db/query';
import type { roleMenus } from '../db/schema';
import { buildGrantedTree, type GrantedTree, type MenuRow } from './tree';

export class RbacSnapshot {
  private readonly trees = new Map<string, GrantedTree>();

  constructor(
    readonly version: number,
    readonly menus: ReadonlyMap<number, MenuRow>,
    private readonly grants: ReadonlyMap<number, ReadonlySet<number>>,
  ) {}

  /** The roles that grant at least one menu (a role granting none is within everyone's grants). */
  rolesWithGrants(): number[] {
    return [...this.grants.keys()];
  }

  /** The granted tree of an account holding `roleIds` (memoised per role set). */
  forRoles(roleIds: readonly number[]): GrantedTree {
    const key = [...roleIds].sort((a, b) => a - b).join(',');
    let cached = this.trees.get(key);
    if (!cached) {
      const granted = new Set<number>();
      for (const roleId of roleIds) for (const menuId of this.grants.get(roleId) ?? []) granted.add(menuId);
      cached = buildGrantedTree(this.menus, granted);
      this.trees.set(key, cached);
    }
    return cached;
  }
}

/** The snapshot's one statement: the RBAC version, and the menus and grants as JSON arrays of their rows. */
type SnapshotRow = {
  version: DriverValue;
  menus: MenuRow[] | string | null;
  grants: Pick<typeof roleMenus.$inferSelect, 'roleId' | 'menuId'>[] | string | null;
};

const json = <T>(value: T[] | string | null): T[] => (typeof value === 'string' ? JSON.parse(value) : (value ?? []));

export class RbacCache {
  private current: RbacSnapshot | undefined;
  private loading: Promise<RbacSnapshot> | undefined;

  constructor(private readonly db: Db) {}

  /** A snapshot at least as new as `version`. */
  async atLeast(version: number): Promise<RbacSnapshot> {
    if (this.current && this.current.version >= version) return this.current;
    return this.reload();
  }

  reload(): Promise<RbacSnapshot> {
    if (!this.loading) {
      this.loading = this.load().finally(() => {
        this.loading = undefined;
      });
    }
    return this.loading;
  }

  /**
   * One statement, so the version, menus and grants are read from one consistent snapshot (raw: JSON
   * aggregates in scalar subqueries, with no table to select from).
   */
  private async load(): Promise<RbacSnapshot> {
    const row = await queryOne<SnapshotRow>(
      this.db,
      sql`select
        (select version from rbac_state where id = 1) as version,
        (select coalesce(json_agg(json_build_object(
            'id', m.id, 'parentId', m.parent_id, 'title', m.title, 'url', m.url, 'icon', m.icon,
            'kind', m.kind, 'visible', m.visible, 'sort', m.sort)), '[]'::json) from menus m) as menus,
        (select coalesce(json_agg(json_build_object('roleId', rm.role_id, 'menuId', rm.menu_id)), '[]'::json)
           from role_menus rm) as grants`,
    );
    const menus = new Map<number, MenuRow>();
    for (const menu of json(row?.menus ?? null)) menus.set(menu.id, menu);
    const grants = new Map<number, Set<number>>();
    for (const { roleId, menuId } of json(row?.grants ?? null)) {
      let set = grants.get(roleId);
      if (!set) grants.set(roleId, (set = new Set()));
      set.add(menuId);
    }
    const snapshot = new RbacSnapshot(Number(row?.version ?? 0), menus, grants);
    if (!this.current || snapshot.version >= this.current.version) this.current = snapshot;
    return snapshot;
  }
}
