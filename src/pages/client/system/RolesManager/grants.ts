/** The grants tree's rule: checking a menu grants its ancestors; unchecking one revokes its subtree. */
import type { MenuAdminNode } from '#contract/api/menu';

export function parentsOf(tree: readonly MenuAdminNode[]): Map<number, number | null> {
  const parents = new Map<number, number | null>();
  const walk = (nodes: readonly MenuAdminNode[]) =>
    nodes.forEach((node) => {
      parents.set(node.id, node.parentId);
      walk(node.children ?? []);
    });
  walk(tree);
  return parents;
}

function subtreeOf(tree: readonly MenuAdminNode[], id: number): number[] {
  for (const node of tree) {
    if (node.id === id) {
      const ids: number[] = [];
      const walk = (n: MenuAdminNode) => {
        ids.push(n.id);
        n.children?.forEach(walk);
      };
      walk(node);
      return ids;
    }
    const found = subtreeOf(node.children ?? [], id);
    if (found.length) return found;
  }
  return [];
}

export function toggleGrant(tree: readonly MenuAdminNode[], granted: readonly number[], id: number, checked: boolean): number[] {
  const next = new Set(granted);
  if (checked) {
    const parents = parentsOf(tree);
    for (let current: number | null | undefined = id; current != null; current = parents.get(current)) next.add(current);
  } else {
    for (const removed of subtreeOf(tree, id)) next.delete(removed);
  }
  return [...next].sort((a, b) => a - b);
}
