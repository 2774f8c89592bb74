/** The product id list of the join flow: pasted one per line or comma separated, digits only, de-duplicated. */

export interface ParsedProductIds {
  /** Valid ids, first occurrence order, without duplicates. */
  ids: string[];
  /** Entries that are not digits only, as typed. */
  invalid: string[];
  /** How many duplicates were dropped. */
  duplicates: number;
}

const SEPARATORS = /[\s,，、;；]+/;

export function parseProductIds(text: string): ParsedProductIds {
  const seen = new Set<string>();
  const invalid: string[] = [];
  let duplicates = 0;
  for (const entry of text.split(SEPARATORS)) {
    if (!entry) continue;
    if (!/^\d+$/.test(entry)) {
      invalid.push(entry);
    } else if (seen.has(entry)) {
      duplicates += 1;
    } else {
      seen.add(entry);
    }
  }
  return { ids: [...seen], invalid, duplicates };
}

/** Why the list can not run, or null when it can. */
export function productIdsProblem(parsed: ParsedProductIds, quota: number | null): string | null {
  if (parsed.invalid.length) return `商品 ID 只能是数字：${parsed.invalid.slice(0, 3).join('、')}${parsed.invalid.length > 3 ? ' 等' : ''}`;
  if (!parsed.ids.length) return '请输入商品 ID';
  if (quota === null) return '开通会员后才能加入达人计划';
  if (parsed.ids.length > quota) return `当前会员每次最多 ${quota} 个商品 ID，已输入 ${parsed.ids.length} 个`;
  return null;
}
