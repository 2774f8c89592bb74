/** The built-in roles and the menus they are granted when first created. */
import { ACTIONS } from '#contract/capabilities';
import { SALESPERSON_ROLE_CODE, SCRIPT_REVIEWER_ROLE_CODE, SUPER_ADMIN_ROLE_CODE } from '#contract/system';

export interface RoleSeed {
  code: string;
  name: string;
  description: string;
  /** Menu urls granted on creation; `'*'` is every menu. A url ending in `/**` includes its subtree. */
  grants: '*' | readonly string[];
  /** 需要两步验证: holders enrol a second factor at their next sign-in (set when the role is created). */
  requiresSecondFactor?: true;
}

/** 运行记录 with its export: a member's own runs (every role below drives the plug-in from 首页). */
const MEMBER_BASICS = [
  '/client/home',
  '/client/shopManager',
  '/client/pluginRuns/**',
  '/client/orderList',
  '/client/memberCenter',
  '/client/user',
];

/** 脚本编辑 and APP管理 with their screens, not their actions (审核脚本 is granted by name). */
const SCRIPT_SCREENS = [
  '/client/system/jsonEditer',
  '/client/system/jsonEditer/actions',
  '/client/system/jsonEditer/urlActions',
  '/client/system/appManager/**',
];

export const ROLE_SEEDS: readonly RoleSeed[] = [
  { code: SUPER_ADMIN_ROLE_CODE, name: '超级管理员', description: '拥有全部菜单与权限', grants: '*', requiresSecondFactor: true },
  {
    code: 'operator',
    name: '运营',
    description: '日常运营：用户、会员、素材、脚本、订单、充值与提现审批',
    requiresSecondFactor: true,
    grants: [
      ...MEMBER_BASICS,
      '/client/system',
      '/client/system/usersManager/**',
      '/client/system/membershipManager',
      '/client/system/mediaManager',
      '/client/system/userShopManager/**',
      // 插件运行记录: every member's runs, for support.
      '/client/system/pluginRuns/**',
      // The script screens without 审核脚本: an operator's script changes wait for a reviewer.
      ...SCRIPT_SCREENS,
      '/client/rechargeMannager',
      '/withdrawalApproval/**',
    ],
  },
  {
    code: SALESPERSON_ROLE_CODE,
    name: '销售',
    description: '推广会员，管理收款银行卡与收支记录',
    requiresSecondFactor: true,
    grants: [
      ...MEMBER_BASICS,
      '/client/bindCarManager',
      '/client/saleBalanceRecord',
      '/client/saleBalanceRecord/export',
      '/client/promotion',
      '/client/promotion/export',
    ],
  },
  {
    code: SCRIPT_REVIEWER_ROLE_CODE,
    name: '脚本审核',
    description: '审核脚本与插件版本的改动：通过后才下发给会员的插件',
    grants: [...MEMBER_BASICS, '/client/system', ...SCRIPT_SCREENS, ACTIONS.canApproveScript.url],
  },
  { code: 'member', name: '会员', description: '注册用户', grants: MEMBER_BASICS },
];

/** Whether `url` is covered by a role seed's grant list. */
export function grantCovers(grants: RoleSeed['grants'], url: string): boolean {
  if (grants === '*') return true;
  return grants.some((grant) => (grant.endsWith('/**') ? url === grant.slice(0, -3) || url.startsWith(grant.slice(0, -2)) : url === grant));
}
