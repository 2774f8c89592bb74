/** Tree helpers of the menu manager and the role grants tree. */
import type { MenuAdminNode } from '#contract/api/menu';

export interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** The menus as TreeSelect options; `exclude`'s subtree is disabled (a menu can not move under itself). */
export function parentOptions(nodes: readonly MenuAdminNode[], exclude?: number, inExcluded = false): TreeOption[] {
  return nodes
    .filter((node) => node.kind !== 'action')
    .map((node) => {
      const excluded = inExcluded || node.id === exclude;
      return {
        value: node.id,
        title: node.title,
        disabled: excluded,
        children: node.children?.length ? parentOptions(node.children, exclude, excluded) : undefined,
      };
    });
}

/** The siblings of `id` (the children of its parent, in order). */
export function siblingsOf(nodes: readonly MenuAdminNode[], id: number): MenuAdminNode[] | undefined {
  if (nodes.some((node) => node.id === id)) return [...nodes];
  for (const node of nodes) {
    const found = siblingsOf(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** `ids` with `id` moved one place up (-1) or down (+1); undefined at an end. */
export function moved(ids: readonly number[], id: number, step: -1 | 1): number[] | undefined {
  const index = ids.indexOf(id);
  const target = index + step;
  if (index < 0 || target < 0 || target >= ids.length) return undefined;
  const next = [...ids];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export function allIds(nodes: readonly MenuAdminNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...allIds(node.children ?? [])]);
}
