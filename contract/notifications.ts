/**
 * Notifications (the header's bell, docs/notifications.md): the kinds, who each kind is for, the
 * Chinese sentence of each and the console page it links to. The server renders an item's title,
 * text and link from its kind and data with these helpers (the console only shows them); no
 * TypeBox here (contract/api/notification.ts has the calls).
 */
import { formatYuan } from './money';
import { RELEASE_CHANGE_LABELS, type ReleaseChangeAction } from './review';
import type { PausableFlow } from './runs';
import { platformLabel } from './shopPlatforms';
import type { ReconciliationTrigger } from './reconciliation';
import { RECONCILIATION_TRIGGER_LABELS } from './text/reconciliation';
import { RUN_FLOW_TEXT } from './text/runs';

/**
 * Role-based audiences, resolved when an account reads (not fanned out when written): an account
 * belongs to one while its grants say so (`audiencesOf`).
 * - `withdrawal-approvers`: holders of 提现审批 (the screen's grant);
 * - `order-confirmers`: holders of 订单列表 and `/admin`, the rule of server/order/staff.ts;
 * - `everyone`: every account (a plug-in release: the plug-in's calls are open to every account);
 * - `script-approvers`: holders of 审核脚本 (changes waiting for review, emergency self-approvals);
 * - `script-editors`: holders of 脚本编辑 (a script version whose runs fail);
 * - `reconciliation-watchers`: holders of 对账 (a reconciliation that found differences).
 */
export const NOTIFICATION_AUDIENCES = [
  'withdrawal-approvers',
  'order-confirmers',
  'everyone',
  'script-approvers',
  'script-editors',
  'reconciliation-watchers',
] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/**
 * What each kind is about, and its addressee: an audience, or the record's owner (`owner`).
 * `folds`: an audience kind that any member or salesperson causes at will (an order, a withdrawal
 * request), whose repeats by one account fold into one item (NOTIFICATION_COALESCE_MINUTES); the
 * staff's kinds each stand for a decision someone must see, and do not fold.
 */
export const NOTIFICATION_KINDS = {
  'withdrawal.requested': { record: 'withdrawal', to: 'withdrawal-approvers', folds: true },
  'withdrawal.approved': { record: 'withdrawal', to: 'owner' },
  'withdrawal.paid': { record: 'withdrawal', to: 'owner' },
  'withdrawal.rejected': { record: 'withdrawal', to: 'owner' },
  'order.created': { record: 'order', to: 'order-confirmers', folds: true },
  'order.paid': { record: 'order', to: 'owner' },
  'order.cancelled': { record: 'order', to: 'owner' },
  'order.refunded': { record: 'order', to: 'owner' },
  'membership.expiring': { record: 'account', to: 'owner' },
  'membership.expired': { record: 'account', to: 'owner' },
  'shop.unbound': { record: 'shop', to: 'owner' },
  'release.published': { record: 'appVersion', to: 'everyone' },
  'script.reviewRequested': { record: 'script', to: 'script-approvers' },
  'script.selfApproved': { record: 'script', to: 'script-approvers' },
  'release.reviewRequested': { record: 'appVersion', to: 'script-approvers' },
  'release.selfApproved': { record: 'appVersion', to: 'script-approvers' },
  'script.failing': { record: 'script', to: 'script-editors' },
  'script.promoted': { record: 'script', to: 'script-editors' },
  'script.rolledBack': { record: 'script', to: 'script-editors' },
  'plugin.paused': { record: 'pluginFlow', to: 'everyone' },
  'plugin.resumed': { record: 'pluginFlow', to: 'everyone' },
  'reconciliation.differences': { record: 'reconciliationRun', to: 'reconciliation-watchers' },
  /** A sign-in from a new device or network on an account whose role needs 两步验证; its item offers 不是我 (`profile/notMe`). */
  'account.newDevice': { record: 'signIn', to: 'owner' },
  /** The account's password, e-mail or second factors changed (ASVS 6.3.7): whoever made the change, the owner hears of it. */
  'account.credentialChanged': { record: 'credentials', to: 'owner' },
} as const satisfies Record<string, { record: string; to: NotificationAudience | 'owner'; folds?: true }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
export type NotificationRecordType = (typeof NOTIFICATION_KINDS)[NotificationKind]['record'];

/** The data each kind keeps (jsonb), written when the change happens; times are ISO instants. */
export interface NotificationDataMap {
  'withdrawal.requested': { username: string; amountCents: number };
  'withdrawal.approved': { amountCents: number };
  /** `batchId`: the payout batch that paid it (null for one paid before batches). */
  'withdrawal.paid': { amountCents: number; batchId: number | null };
  'withdrawal.rejected': { amountCents: number; reason: string };
  'order.created': { username: string; levelName: string; amountCents: number };
  'order.paid': { levelName: string; expiresAt: string };
  'order.cancelled': { levelName: string; note: string };
  'order.refunded': { levelName: string; amountCents: number };
  'membership.expiring': { levelName: string; expiresAt: string };
  'membership.expired': { levelName: string; expiresAt: string };
  'shop.unbound': { name: string; platform: string };
  'release.published': { version: string; changelog: string };
  'script.reviewRequested': { name: string; username: string };
  'script.selfApproved': { name: string; username: string; reason: string };
  'release.reviewRequested': { version: string; action: ReleaseChangeAction; username: string };
  'release.selfApproved': { version: string; action: ReleaseChangeAction; username: string; reason: string };
  /** `step`: the step most of the failed runs failed at (`第 3 步（click）`), when they named one. */
  'script.failing': { name: string; version: number; runs: number; failed: number; step: string | null };
  'script.promoted': { name: string; version: number; username: string };
  /** `username` null: the server rolled it back (its canary runs, `runs` and `failed`, failed too often). */
  'script.rolledBack': { name: string; version: number; stableVersion: number; username: string | null; runs: number; failed: number };
  /** The kill switch: `platform` null is every platform. The console refreshes the pauses and the plug-in's scripts on either. */
  'plugin.paused': { flow: PausableFlow; platform: string | null; reason: string };
  'plugin.resumed': { flow: PausableFlow; platform: string | null };
  /** A run's differences (all it found) and the salespeople it checked. */
  'reconciliation.differences': { trigger: ReconciliationTrigger; differences: number; salespeople: number };
  /** The sign-in: when, from which address and browser (the User-Agent header, cut). */
  'account.newDevice': { at: string; ip: string; userAgent: string | null };
  'account.credentialChanged': { change: CredentialChange; at: string };
}

/** What `account.credentialChanged` says changed. */
export const CREDENTIAL_CHANGES = {
  password: '登录密码已修改',
  passwordByStaff: '管理员为您重置了登录密码',
  passwordByMail: '登录密码已通过邮件验证码重置',
  email: '登录邮箱已修改',
  factorAdded: '添加了一个两步验证方式',
  factorRemoved: '删除了一个两步验证方式',
  recoveryCodes: '重新生成了两步验证恢复码',
  factorsByStaff: '管理员重置了您的两步验证',
} as const;
export type CredentialChange = keyof typeof CREDENTIAL_CHANGES;

/** The kinds whose item carries an action besides its link: 新设备登录's 不是我. */
export const NOT_ME_KIND = 'account.newDevice' satisfies NotificationKind;

/** The console pages the items link to (routes of config/routes.ts; a web test holds that they are). */
export const NOTIFICATION_PAGES = {
  withdrawalApproval: '/client/withdrawalApproval',
  ownWithdrawals: '/client/saleBalanceRecord',
  orderList: '/client/orderList',
  memberCenter: '/client/memberCenter',
  shops: '/client/shopManager',
  home: '/client/home',
  actionScripts: '/client/system/jsonEditer/actions',
  urlScripts: '/client/system/jsonEditer/urlActions',
  releases: '/client/system/appManager/versionManager',
  reconciliation: '/client/system/reconciliation',
  /** 个人设置, whose 登录设备 lists the account's sessions. */
  settings: '/client/user',
} as const;

/** The query a page reads to open filtered to one record, or on one tab. */
export const NOTIFICATION_LINK_QUERY = {
  withdrawalId: 'id',
  orderNo: 'orderNo',
  tab: 'tab',
  runId: 'runId',
} as const;
/** 销售余额记录's tab of the own withdrawals (the page's `tab` query). */
export const OWN_WITHDRAWALS_TAB = 'withdrawals';

const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;

/** The link of an item: the page that shows its record, filtered to it where the page can. */
export function notificationLink(kind: NotificationKind, recordKey: string): string {
  switch (NOTIFICATION_KINDS[kind].record) {
    case 'withdrawal':
      return kind === 'withdrawal.requested'
        ? query(NOTIFICATION_PAGES.withdrawalApproval, { [NOTIFICATION_LINK_QUERY.withdrawalId]: recordKey })
        : query(NOTIFICATION_PAGES.ownWithdrawals, { [NOTIFICATION_LINK_QUERY.tab]: OWN_WITHDRAWALS_TAB });
    case 'order':
      return query(NOTIFICATION_PAGES.orderList, { [NOTIFICATION_LINK_QUERY.orderNo]: recordKey });
    case 'account':
      return NOTIFICATION_PAGES.memberCenter;
    case 'shop':
      return NOTIFICATION_PAGES.shops;
    case 'appVersion':
      return kind === 'release.published' ? NOTIFICATION_PAGES.home : NOTIFICATION_PAGES.releases;
    case 'script':
      return scriptRecordKind(recordKey) === 'url' ? NOTIFICATION_PAGES.urlScripts : NOTIFICATION_PAGES.actionScripts;
    case 'pluginFlow':
      return NOTIFICATION_PAGES.home;
    case 'reconciliationRun':
      return query(NOTIFICATION_PAGES.reconciliation, { [NOTIFICATION_LINK_QUERY.runId]: recordKey });
    case 'signIn':
    case 'credentials':
      return NOTIFICATION_PAGES.settings;
  }
}

/** A script's record key says its kind, so that its item links to the screen of that kind. */
export const scriptRecordKey = (script: { kind: 'action' | 'url'; id: number }) => `${script.kind}:${script.id}`;
const scriptRecordKind = (recordKey: string) => recordKey.split(':', 1)[0];

/** A paused scope's record key: the flow and the platform (`*` for every platform). */
export const pluginFlowRecordKey = (scope: { flow: PausableFlow; platform: string | null }) => `${scope.flow}:${scope.platform ?? '*'}`;
const flowScopeText = (flow: PausableFlow, platform: string | null) =>
  `${RUN_FLOW_TEXT[flow]}（${platform === null ? '所有平台' : platformLabel(platform)}）`;

/** The first line of a text, at most `max` characters (an ellipsis when cut). */
export function firstLine(text: string, max = 60): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export interface NotificationText {
  title: string;
  text: string;
}

/** A kind with its data, as a discriminated union (the switch below narrows the data by the kind). */
export type NotificationPayload = { [K in NotificationKind]: { kind: K; data: NotificationDataMap[K] } }[NotificationKind];

const yuan = (cents: number) => `¥${formatYuan(cents)}`;

/**
 * The title and sentence of an item, in Chinese, with its times written by `minute` (the server's
 * `YYYY-MM-DD HH:mm` in the business zone). The sentences stay in contract: the server answers them
 * and the console's tests read them.
 */
export function notificationText(
  { kind, data }: NotificationPayload,
  recordKey: string,
  minute: (iso: string) => string,
): NotificationText {
  switch (kind) {
    case 'withdrawal.requested':
      return { title: '提现申请待审批', text: `${data.username} 申请提现 ${yuan(data.amountCents)}` };
    case 'withdrawal.approved':
      return { title: '提现已通过', text: `您的提现申请 ${yuan(data.amountCents)} 已审核通过，将随打款批次打款` };
    case 'withdrawal.paid':
      return {
        title: '提现已打款',
        text: `您的提现申请 ${yuan(data.amountCents)} 已打款${data.batchId ? `（打款批次 #${data.batchId}）` : ''}`,
      };
    case 'withdrawal.rejected':
      return { title: '提现被驳回', text: `您的提现申请 ${yuan(data.amountCents)} 被驳回，金额已退回余额。原因：${data.reason}` };
    case 'order.created':
      return { title: '新订单待确认收款', text: `${data.username} 下单 ${data.levelName} ${yuan(data.amountCents)}，订单号 ${recordKey}` };
    case 'order.paid':
      return { title: '订单已支付', text: `订单 ${recordKey}（${data.levelName}）已确认收款，会员有效期至 ${minute(data.expiresAt)}` };
    case 'order.cancelled':
      return { title: '订单已取消', text: `订单 ${recordKey}（${data.levelName}）已被取消${data.note ? `：${data.note}` : ''}` };
    case 'order.refunded':
      return { title: '订单已退款', text: `订单 ${recordKey}（${data.levelName}）已退款 ${yuan(data.amountCents)}` };
    case 'membership.expiring':
      return { title: '会员即将到期', text: `您的${data.levelName}会员将于 ${minute(data.expiresAt)} 到期，可在会员中心续费` };
    case 'membership.expired':
      return { title: '会员已到期', text: `您的${data.levelName}会员已于 ${minute(data.expiresAt)} 到期，可在会员中心续费` };
    case 'shop.unbound':
      return { title: '店铺已被解绑', text: `您的店铺 ${data.name}（${platformLabel(data.platform)}）已被管理员解绑` };
    case 'release.published': {
      const note = firstLine(data.changelog);
      return { title: `插件新版本 ${data.version}`, text: note ? `插件 ${data.version} 已发布：${note}` : `插件 ${data.version} 已发布` };
    }
    case 'script.reviewRequested':
      return { title: '脚本改动待审核', text: `${data.username} 修改了脚本「${data.name}」，审核通过后才下发给插件` };
    case 'script.selfApproved':
      return { title: '脚本改动被紧急自审', text: `${data.username} 审核通过了自己参与的脚本「${data.name}」的改动。原因：${data.reason}` };
    case 'script.failing':
      return {
        title: '脚本运行失败较多',
        text: `动作脚本「${data.name}」第 ${data.version} 版最近 ${data.runs} 次运行中有 ${data.failed} 次失败${data.step ? `，多数失败在${data.step}` : ''}，请检查页面是否有变化`,
      };
    case 'script.promoted':
      return { title: '脚本已全量发布', text: `${data.username} 将脚本「${data.name}」第 ${data.version} 版发布给所有账号` };
    case 'script.rolledBack':
      return {
        title: '脚本灰度已回滚',
        text:
          data.username === null
            ? `脚本「${data.name}」第 ${data.version} 版灰度中 ${data.runs} 次运行有 ${data.failed} 次失败，明显多于第 ${data.stableVersion} 版，已自动回滚到第 ${data.stableVersion} 版`
            : `${data.username} 将脚本「${data.name}」回滚到第 ${data.stableVersion} 版，第 ${data.version} 版重新待审核`,
      };
    case 'plugin.paused':
      return { title: '插件流程已暂停', text: `${flowScopeText(data.flow, data.platform)}已暂停：${data.reason}` };
    case 'plugin.resumed':
      return { title: '插件流程已恢复', text: `${flowScopeText(data.flow, data.platform)}已恢复，可以重新发起` };
    case 'release.reviewRequested':
      return {
        title: '插件版本申请待审核',
        text: `${data.username} 申请${RELEASE_CHANGE_LABELS[data.action]}插件版本 ${data.version}，审核通过后生效`,
      };
    case 'release.selfApproved':
      return {
        title: '插件版本申请被紧急自审',
        text: `${data.username} 审核通过了自己${RELEASE_CHANGE_LABELS[data.action]}插件版本 ${data.version} 的申请。原因：${data.reason}`,
      };
    case 'reconciliation.differences':
      return {
        title: '对账发现差异',
        text: `${RECONCILIATION_TRIGGER_LABELS[data.trigger]}对账核对了 ${data.salespeople} 位销售，发现 ${data.differences} 处差异，请尽快核查`,
      };
    case 'account.newDevice':
      return {
        title: '新设备登录',
        text: `您的账号于 ${minute(data.at)} 在新的设备或地址登录（IP ${data.ip}，设备 ${data.userAgent ? firstLine(data.userAgent, 80) : '未知'}）。如果不是您本人，请点“不是我”：所有设备将退出，账号锁定待管理员核查`,
      };
    case 'account.credentialChanged':
      return {
        title: '账号安全变更',
        text: `${CREDENTIAL_CHANGES[data.change]}（${minute(data.at)}）。如果不是您本人的操作，请立即修改密码并联系管理员`,
      };
  }
}

/** Membership notices: "expiring" this many days ahead; an expiry older than this gets no "expired". */
export const MEMBERSHIP_NOTICE_DAYS = 7;

/**
 * A new item of a kind that `folds` stands for its actor's earlier items of the kind whose work is
 * done or taken back, within this many minutes of the first of them (server/notification/announce.ts):
 * a member creating and cancelling orders in a burst leaves one item that counts them.
 */
export const NOTIFICATION_COALESCE_MINUTES = 10;

/** An item's sentence with the events it stands for (when more than one) and 已撤回 when taken back. */
export function foldedText(text: string, { repeats, withdrawn }: { repeats: number; withdrawn: boolean }): string {
  const count = repeats > 1 ? `（${NOTIFICATION_COALESCE_MINUTES} 分钟内共 ${repeats} 次）` : '';
  return `${text}${count}${withdrawn ? '（已撤回）' : ''}`;
}

/** The bell's unread count stops counting here (the badge shows 99+). */
export const UNREAD_COUNT_CAP = 100;

/** The stream (Server-Sent Events, GET), opened with a ticket from `notification/streamTicket`. */
export const NOTIFICATION_STREAM_PATH = '/api/admin/notification/stream';
/** The stream's events: a new item (its `id:` is the item's id), the unread count, and the end of the session. */
export const STREAM_EVENTS = { item: 'notification', unread: 'unread', end: 'end' } as const;
/** A ticket opens one stream within this many seconds of its issue. */
export const STREAM_TICKET_TTL_SECONDS = 60;
/**
 * Streams one session may hold open on one server instance (a tab each: a few tabs is normal); a
 * newer one closes the oldest, so a session can not pile up connections.
 */
export const MAX_STREAMS_PER_SESSION = 4;
/** The stream sends a comment this often (proxies keep it open; a dead session is noticed). */
export const STREAM_HEARTBEAT_MS = 15_000;
