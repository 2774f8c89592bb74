/**
 * What a staff-written plug-in script may do, and where (issue 29, docs/plugin-scripts.md). Scripts
 * run inside a member's logged-in seller centre, so these rules are fixed in code: changing them is
 * a reviewed commit, never a console edit. One rule set, three enforcers: the validator
 * (contract/pluginScripts.ts) that the console's editor, the server and the extension all run,
 * and the extension's interpreter again at run time.
 *
 * - **Where**: per shop platform, the hosts each flow runs on and may open, https only; the local
 *   test pages (http on this machine) only where test sites are allowed: a demo server, and an
 *   extension built for a console on this machine.
 * - **What**: per flow, the steps it may use. A bind reads and reports: it never types or clicks.
 * - **Whose values**: `type` writes only the flow's data (the product ids the member gave), never a
 *   literal or what a step read; nothing read from a page leaves it (messages and `open` take
 *   literals and flow data) except a bind's shop fields, each matched against its pattern.
 * - **Names**: the properties every JavaScript object has (`__proto__`, `constructor`, …) are never
 *   a step, a field or a stored name.
 */
import { SHOP_PLATFORMS, type ShopPlatform } from './shopPlatforms';

/** A flow of the step language (the same list as contract/pluginScripts.ts SCRIPT_FLOWS). */
type Flow = 'bind' | 'join' | 'stop';
type Step = 'open' | 'waitFor' | 'click' | 'type' | 'read' | 'repeat' | 'assert' | 'report';

/** A platform's sites: its seller centre (where a shop is bound) and its creator pages (where a join runs). */
interface PlatformSites {
  seller: readonly string[];
  creator: readonly string[];
}

/** Per platform, the hosts (https, default port) its flows run on; a new platform or host is a reviewed change. */
export const PLATFORM_SITES: Readonly<Record<ShopPlatform, PlatformSites>> = {
  tiktok: { seller: ['seller.tiktokglobalshop.com', 'seller.tiktokshopglobalselling.com'], creator: ['affiliate.tiktok.com'] },
  'tiktok-us': { seller: ['seller-us.tiktok.com'], creator: ['affiliate-us.tiktok.com'] },
};

/** Which of a platform's sites each flow runs on. */
const FLOW_SITE: Record<Flow, keyof PlatformSites> = { bind: 'seller', join: 'creator', stop: 'creator' };

/** The local test pages (e2e/support/testSites.ts): http on this machine, any port, where test sites are allowed. */
export const TEST_SITE_HOSTS: readonly string[] = ['127.0.0.1', 'localhost'];

/** Whether the local test pages count as sites: on a demo server, and in an extension built for a console on this machine. */
export interface ScriptSiteRules {
  testSites: boolean;
}

/** The hosts a flow's scripts may run on and open, over every platform (a script serves a flow, not a platform). */
export const flowHosts = (flow: Flow): string[] => [
  ...new Set(SHOP_PLATFORMS.flatMap(({ value }) => PLATFORM_SITES[value][FLOW_SITE[flow]])),
];

const FLOW_LABEL: Record<Flow, string> = { bind: '绑定（bind）', join: '邀约（join）', stop: '停止（stop）' };

/**
 * Why `scheme://host[:port]` is not a place for `flow`'s scripts, or null: https on one of the
 * flow's platform hosts (default port), or, where test sites are allowed, http on this machine.
 */
export function siteProblem(scheme: string, host: string, port: string, flow: Flow, rules: ScriptSiteRules): string | null {
  if (rules.testSites && scheme === 'http' && TEST_SITE_HOSTS.includes(host)) return null;
  const hosts = flowHosts(flow);
  const testNote = rules.testSites ? '；本机测试页面可用 http://127.0.0.1 或 http://localhost' : '';
  if (scheme !== 'https') return `只能是 https 网址${testNote}`;
  if (!hosts.includes(host)) return `${host || '（空）'} 不是${FLOW_LABEL[flow]}流程可用的网站（可用：${hosts.join('、')}${testNote}）`;
  if (port && port !== '443') return `${host} 只能用默认端口`;
  return null;
}

/** Why a page or an `open` target at `url` is not a place for `flow`'s scripts, or null. */
export function urlSiteProblem(url: string, flow: Flow, rules: ScriptSiteRules): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url} 不是网址`;
  }
  return siteProblem(parsed.protocol.replace(/:$/, ''), parsed.hostname, parsed.port, flow, rules);
}

/**
 * The steps each flow may use. A bind reads the shop and reports it: the platforms' bind pages show
 * the shop without a click, and a bind that typed or clicked could change the seller's settings
 * while the member is told 绑定成功. A stop has no data to type.
 */
export const FLOW_STEPS: Readonly<Record<Flow, readonly Step[]>> = {
  bind: ['open', 'waitFor', 'read', 'assert', 'report'],
  join: ['open', 'waitFor', 'click', 'type', 'read', 'repeat', 'assert', 'report'],
  stop: ['open', 'waitFor', 'click', 'read', 'assert', 'report'],
};

/** The shop fields a bind reads and the plug-in sends (`shop/report`), each with the pattern it must match. */
export const BIND_SHOP_FIELDS = {
  shopId: { label: '店铺 ID', rule: '4 到 32 位数字', pattern: /^[0-9]{4,32}$/ },
  // No address, no link, no long unbroken run (a token, a key): a name, as a person reads it.
  shopName: {
    label: '店铺名称',
    rule: '1 到 64 个字符，不含邮箱、网址、尖括号或 24 个以上连续的字母数字',
    pattern: /^(?!.*(?:@|:\/\/|[A-Za-z0-9_-]{24}))[^<>\r\n]{1,64}$/,
  },
  shopRegion: { label: '店铺地区', rule: '空，或两位大写的国家或地区代码', pattern: /^(?:[A-Z]{2})?$/ },
} as const;

export type BindShopField = keyof typeof BIND_SHOP_FIELDS;

/** The first shop field a bind read that does not match its pattern, or null (read: the bind's results by name). */
export function badBindShopField(read: Readonly<Record<string, string | undefined>>): BindShopField | null {
  const fields = Object.keys(BIND_SHOP_FIELDS) as BindShopField[];
  return fields.find((field) => !BIND_SHOP_FIELDS[field].pattern.test(read[field] ?? '')) ?? null;
}

/** A space after a Latin word before Chinese (`店铺 ID 不符合…`), none after Chinese. */
const joined = (label: string, rest: string) => `${label}${/[A-Za-z]$/.test(label) ? ' ' : ''}${rest}`;

/** Why what a bind read can not be reported as the shop (the plug-in's words), or null. */
export function bindShopProblem(read: Readonly<Record<string, string | undefined>>): string | null {
  const field = badBindShopField(read);
  if (!field) return null;
  const { label, rule } = BIND_SHOP_FIELDS[field];
  return `读取到的${joined(label, `不符合要求（${rule}），未上报`)}`;
}

/** The rule of a shop field, as the server words a refusal: `店铺 ID 应为 4 到 32 位数字`. */
export function bindShopFieldRule(field: BindShopField): string {
  const { label, rule } = BIND_SHOP_FIELDS[field];
  return joined(label, `应为${/^[A-Za-z0-9]/.test(rule) ? ' ' : ''}${rule}`);
}

/** The properties every JavaScript object has: never a step, a field or a stored name. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
]);

export const isReservedName = (name: string): boolean => RESERVED_NAMES.has(name);
