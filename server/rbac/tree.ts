/** The menu tree of a set of granted menus: a granted child brings its ancestors. */
import type { MenuRow, MenuTreeNode } from '#contract/api/menu';
import type { menus } from '../db/schema';

export type { MenuRow };

/** The contract's menu row is the table's row: renaming a column fails here. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type MenuRowIsTheTable = Same<MenuRow, typeof menus.$inferSelect> extends true ? true : never;
const menuRowIsTheTable: MenuRowIsTheTable = true;
void menuRowIsTheTable;

export interface GrantedTree {
  tree: MenuTreeNode[];
  /** Every menu id of the tree (granted menus and their ancestors). */
  ids: ReadonlySet<number>;
  /** Every url of the tree (granted menus and their ancestors). */
  urls: ReadonlySet<string>;
  /** The tree serialised once (the tree is answered on every page load). */
  json: string;
}

const byOrder = (a: MenuRow, b: MenuRow) => a.sort - b.sort || a.id - b.id;

export function buildGrantedTree(menus: ReadonlyMap<number, MenuRow>, granted: Iterable<number>): GrantedTree {
  const included = new Set<number>();
  for (const id of granted) {
    let current = menus.get(id);
    while (current && !included.has(current.id)) {
      included.add(current.id);
      current = current.parentId === null ? undefined : menus.get(current.parentId);
    }
  }
  const rows = [...included].map((id) => menus.get(id)!).sort(byOrder);
  const nodes = new Map<number, MenuTreeNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      title: row.title,
      url: row.url,
      icon: row.icon,
      kind: row.kind,
      visible: row.visible,
      children: [],
    });
  }
  const tree: MenuTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : tree).push(node);
  }
  return { tree, ids: included, urls: new Set(rows.map((row) => row.url)), json: JSON.stringify(tree) };
}
