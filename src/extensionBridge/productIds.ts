/**
 * The product id list of the join flow: pasted one per line or comma separated, digits only
 * (full-width digits, as a Chinese input method types them, read as the same digits), de-duplicated.
 */

export interface ParsedProductIds {
  /** Valid ids, first occurrence order, without duplicates. */
  ids: string[];
  /** Entries that are not digits only, as typed. */
  invalid: string[];
  /** How many duplicates were dropped. */
  duplicates: number;
}

const SEPARATORS = /[\s,，、;；]+/;
const FULL_WIDTH_DIGIT = /[０-９]/g;
/** Full-width digits (U+FF10–FF19) sit 0xFEE0 above their ASCII twins. */
const asciiDigits = (entry: string) => entry.replace(FULL_WIDTH_DIGIT, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));

export function parseProductIds(text: string): ParsedProductIds {
  const seen = new Set<string>();
  const invalid: string[] = [];
  let duplicates = 0;
  for (const typed of text.split(SEPARATORS)) {
    if (!typed) continue;
    const entry = asciiDigits(typed);
    if (!/^\d+$/.test(entry)) {
      invalid.push(typed);
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
