/**
 * Notifications (docs/notifications.md), on PGlite and PostgreSQL: who receives which item (each
 * kind, and only the accounts that may act on or own the record), the read state per account, that
 * a change rolled back announces nothing, the membership job's idempotence, and the live stream:
 * its ticket, its end with the session, and delivery of a change made through another instance.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { SessionAccount } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/tokens';
import { listenerOf } from '../../server/db/listen';
import { announce } from '../../server/notification/announce';
import { announceMembershipNotices, runNotificationJobs } from '../../server/notification/periodicJobs';
import { NOTIFY_CHANNEL } from '../../server/notification/signals';
import { confirmPayment } from '../../server/order/actions';
import { RbacCache } from '../../server/rbac/snapshot';
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { MARK_READ_MAX_IDS, type NotificationItem } from '#contract/api/notification';
import {
  MAX_STREAMS_PER_SESSION,
  NOTIFICATION_COALESCE_MINUTES,
  NOTIFICATION_STREAM_PATH,
  STREAM_EVENTS,
  type NotificationKind,
} from '#contract/notifications';
import { registerAccount, type RegisteredAccount } from './support/accounts';
import { describeEachDatabase, TEST_ADMIN, type SuiteContext } from './support/databases';
import { openSse, type SseStream } from './support/sse';
import { accountId, one, roleId, rows, sql } from './support/sql';
import type { CallContext } from '../../server/context';

const ADMIN = DEMO_ACCOUNTS.superAdmin.username;
const OPERATOR = DEMO_ACCOUNTS.operator.username;
const SALE = DEMO_ACCOUNTS.salesperson.username;
const MEMBER = DEMO_ACCOUNTS.member.username;
const PASSWORD = 'Notify#Test-2468';
/** The streams' heartbeat in this suite: a revoked session ends its stream within it. */
const HEARTBEAT_MS = 300;

interface Tokens {
  admin: string;
  operator: string;
  reviewer: string;
  sale: string;
  member: string;
}

async function items(ctx: SuiteContext, token: string, body: Record<string, unknown> = {}): Promise<NotificationItem[]> {
  const answer = await ctx.call('notification/list', { pageSize: 100, ...body }, { token });
  expect(answer.code).toBe(CODES.OK);
  return answer.content.list;
}

/** The items of `kind` an account holds whose link or text names `record`. */
const about = (list: NotificationItem[], kind: NotificationKind, record: string | number) =>
  list.filter((item) => item.kind === kind && (item.link.includes(`=${record}`) || item.text.includes(String(record))));

async function unread(ctx: SuiteContext, token: string): Promise<number> {
  const answer = await ctx.call('notification/unreadCount', {}, { token });
  expect(answer.code).toBe(CODES.OK);
  return answer.content.unread;
}

async function saleCardId(ctx: SuiteContext, token: string): Promise<number> {
  const cards = await ctx.call('bankCard/list', { pageSize: 100 }, { token });
  return cards.content.list[0].id;
}

async function requestWithdrawal(ctx: SuiteContext, token: string, amountCents = 100): Promise<number> {
  const answer = await ctx.call('withdrawal/request', { cardId: await saleCardId(ctx, token), amountCents }, { token });
  expect(answer.code).toBe(CODES.OK);
  return answer.content.id;
}

async function levelId(ctx: SuiteContext, token: string): Promise<{ id: number; name: string }> {
  const levels = await ctx.call('order/levels', {}, { token });
  return levels.content[0];
}

async function createOrder(ctx: SuiteContext, token: string): Promise<string> {
  const level = await levelId(ctx, token);
  const answer = await ctx.call('order/create', { levelId: level.id }, { token });
  expect(answer.code).toBe(CODES.OK);
  return answer.content.orderNo;
}

let serial = 0;
const newMember = (ctx: SuiteContext): Promise<RegisteredAccount> => registerAccount(ctx, 'ntf', (serial += 1), PASSWORD);

/** Listens on the notification channel of `ctx`'s database; answers the payloads received. */
async function listenToChannel(ctx: SuiteContext) {
  const payloads: string[] = [];
  const unlisten = await listenerOf(ctx.db)(NOTIFY_CHANNEL, (payload) => payloads.push(payload));
  return { payloads, unlisten };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function baseUrlOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function ticketFor(ctx: SuiteContext, token: string): Promise<string> {
  const answer = await ctx.call('notification/streamTicket', {}, { token });
  expect(answer.code).toBe(CODES.OK);
  return answer.content.ticket;
}

const streamUrl = (base: string, ticket: string, lastEventId?: number) =>
  `${base}${NOTIFICATION_STREAM_PATH}?ticket=${encodeURIComponent(ticket)}${lastEventId === undefined ? '' : `&lastEventId=${lastEventId}`}`;

describeEachDatabase(
  'notifications',
  (ctx) => {
    const tokens = {} as Tokens;
    const streams: SseStream[] = [];
    const open = async (url: string, headers?: Record<string, string>) => {
      const stream = await openSse(url, headers);
      streams.push(stream);
      return stream;
    };

    beforeAll(async () => {
      tokens.admin = await ctx.login(ADMIN);
      tokens.operator = await ctx.login(OPERATOR);
      tokens.reviewer = await ctx.login(DEMO_ACCOUNTS.reviewer.username);
      tokens.sale = await ctx.login(SALE);
      tokens.member = await ctx.login(MEMBER);
    });

    afterAll(() => {
      for (const stream of streams) stream.close();
    });

    describe('who receives which notification', () => {
      it('a withdrawal request goes to the approvers only; approving tells the salesperson and settles it for every approver', async () => {
        const before = { admin: await unread(ctx, tokens.admin), operator: await unread(ctx, tokens.operator) };
        const id = await requestWithdrawal(ctx, tokens.sale, 150);

        for (const token of [tokens.admin, tokens.operator]) {
          const [item] = about(await items(ctx, token), 'withdrawal.requested', id);
          expect(item).toMatchObject({
            title: '提现申请待审批',
            text: `${SALE} 申请提现 ¥1.50`,
            link: `/client/withdrawalApproval?id=${id}`,
            read: false,
          });
        }
        expect({ admin: await unread(ctx, tokens.admin), operator: await unread(ctx, tokens.operator) }).toEqual({
          admin: before.admin + 1,
          operator: before.operator + 1,
        });
        // Neither the requester nor a member gets it.
        expect(about(await items(ctx, tokens.sale), 'withdrawal.requested', id)).toEqual([]);
        expect(about(await items(ctx, tokens.member), 'withdrawal.requested', id)).toEqual([]);

        expect((await ctx.call('withdrawal/approve', { id }, { token: tokens.operator })).code).toBe(CODES.OK);
        const [approved] = (await items(ctx, tokens.sale)).filter(
          (item) => item.kind === 'withdrawal.approved' && item.link.includes('tab=withdrawals'),
        );
        expect(approved).toMatchObject({ title: '提现已通过', text: '您的提现申请 ¥1.50 已审核通过，将随打款批次打款', read: false });
        // Done by one approver: no longer waiting for the others.
        expect(about(await items(ctx, tokens.admin), 'withdrawal.requested', id)[0].read).toBe(true);
        expect(await unread(ctx, tokens.admin)).toBe(before.admin);
        expect(about(await items(ctx, tokens.operator), 'withdrawal.approved', id)).toEqual([]);
      });

      it('a rejection tells the salesperson with the reason', async () => {
        const id = await requestWithdrawal(ctx, tokens.sale, 220);
        expect((await ctx.call('withdrawal/reject', { id, reason: '户名与实名不符' }, { token: tokens.admin })).code).toBe(CODES.OK);
        const rejected = (await items(ctx, tokens.sale)).filter((item) => item.kind === 'withdrawal.rejected');
        expect(rejected.at(0)).toMatchObject({
          title: '提现被驳回',
          text: '您的提现申请 ¥2.20 被驳回，金额已退回余额。原因：户名与实名不符',
          link: '/client/saleBalanceRecord?tab=withdrawals',
        });
      });

      it('an order waiting for payment goes to the confirmers (订单列表 and /admin), what becomes of it to its member', async () => {
        const buyer = await newMember(ctx);
        const level = await levelId(ctx, buyer.token);
        const orderNo = await createOrder(ctx, buyer.token);
        const [waiting] = about(await items(ctx, tokens.admin), 'order.created', orderNo);
        expect(waiting).toMatchObject({ title: '新订单待确认收款', link: `/client/orderList?orderNo=${orderNo}`, read: false });
        expect(waiting.text).toContain(`${buyer.username} 下单 ${level.name}`);
        // 运营 sees 订单列表 but lacks /admin: it can not confirm, so it is not told.
        expect(about(await items(ctx, tokens.operator), 'order.created', orderNo)).toEqual([]);
        expect(about(await items(ctx, tokens.sale), 'order.created', orderNo)).toEqual([]);
        expect(about(await items(ctx, buyer.token), 'order.created', orderNo)).toEqual([]);

        expect((await ctx.call('order/confirm', { orderNo }, { token: tokens.admin })).code).toBe(CODES.OK);
        const [paid] = about(await items(ctx, buyer.token), 'order.paid', orderNo);
        expect(paid).toMatchObject({ title: '订单已支付', link: `/client/orderList?orderNo=${orderNo}`, read: false });
        expect(paid.text).toMatch(
          new RegExp(`^订单 ${orderNo}（${level.name}）已确认收款，会员有效期至 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`),
        );
        expect(about(await items(ctx, tokens.admin), 'order.created', orderNo)[0].read).toBe(true);

        expect((await ctx.call('order/refund', { orderNo, note: '客户申请' }, { token: tokens.admin })).code).toBe(CODES.OK);
        expect(about(await items(ctx, buyer.token), 'order.refunded', orderNo)).toHaveLength(1);

        // Cancelled by staff: told; cancelled by the member itself: not.
        const byStaff = await createOrder(ctx, buyer.token);
        expect((await ctx.call('order/cancel', { orderNo: byStaff, note: '重复下单' }, { token: tokens.admin })).code).toBe(CODES.OK);
        expect(about(await items(ctx, buyer.token), 'order.cancelled', byStaff)[0].text).toBe(
          `订单 ${byStaff}（${level.name}）已被取消：重复下单`,
        );
        const byItself = await createOrder(ctx, buyer.token);
        expect((await ctx.call('order/cancel', { orderNo: byItself }, { token: buyer.token })).code).toBe(CODES.OK);
        expect(about(await items(ctx, buyer.token), 'order.cancelled', byItself)).toEqual([]);
        // Taken back by its member: read, and marked so (it stands for this member's earlier orders too, all settled).
        expect(about(await items(ctx, tokens.admin), 'order.created', byItself)).toEqual([
          expect.objectContaining({ read: true, text: expect.stringMatching(/次）（已撤回）$/) }),
        ]);

        // A recharge is a paid order made by staff: its member is told.
        const recharge = await ctx.call('order/recharge', { accountId: buyer.id, levelId: level.id }, { token: tokens.admin });
        expect(recharge.code).toBe(CODES.OK);
        expect(about(await items(ctx, buyer.token), 'order.paid', recharge.content.orderNo)).toHaveLength(1);
        expect(about(await items(ctx, tokens.admin), 'order.created', recharge.content.orderNo)).toEqual([]);
      });

      it("a member's create-and-cancel loop is one item in the confirmers' lists that counts it, and leaves the counts as they were", async () => {
        const buyer = await newMember(ctx);
        const before = { list: (await items(ctx, tokens.admin)).map((item) => item.id), unread: await unread(ctx, tokens.admin) };
        let last = '';
        for (let i = 0; i < 25; i += 1) {
          last = await createOrder(ctx, buyer.token);
          expect((await ctx.call('order/cancel', { orderNo: last }, { token: buyer.token })).code).toBe(CODES.OK);
        }
        const [folded, ...rest] = await items(ctx, tokens.admin);
        expect(rest.map((item) => item.id)).toEqual(before.list);
        expect(folded).toMatchObject({
          kind: 'order.created',
          text: expect.stringMatching(new RegExp(`订单号 ${last}（${NOTIFICATION_COALESCE_MINUTES} 分钟内共 25 次）（已撤回）$`)),
          read: true,
        });
        expect(await unread(ctx, tokens.admin)).toBe(before.unread);
        // The next order is new work: unread, and it says how often this member has ordered lately.
        const next = await createOrder(ctx, buyer.token);
        const [pending] = await items(ctx, tokens.admin);
        expect(pending).toMatchObject({
          text: expect.stringMatching(new RegExp(`订单号 ${next}（${NOTIFICATION_COALESCE_MINUTES} 分钟内共 26 次）$`)),
          read: false,
        });
        expect(await unread(ctx, tokens.admin)).toBe(before.unread + 1);
        expect((await ctx.call('order/cancel', { orderNo: next }, { token: buyer.token })).code).toBe(CODES.OK);
      });

      it('folds only work already done, by one actor, within the window', async () => {
        const buyer = await newMember(ctx);
        const other = await newMember(ctx);
        const first = await createOrder(ctx, buyer.token);
        const theirs = await createOrder(ctx, other.token);
        expect((await ctx.call('order/cancel', { orderNo: first }, { token: buyer.token })).code).toBe(CODES.OK);
        // Past the window from the first event: a new item of its own.
        await ctx.db.execute(
          sql`update notifications set first_at = first_at - make_interval(mins => ${NOTIFICATION_COALESCE_MINUTES + 1}) where record_key = ${first}`,
        );
        const second = await createOrder(ctx, buyer.token);
        const list = await items(ctx, tokens.admin);
        expect(about(list, 'order.created', first)).toHaveLength(1);
        expect(about(list, 'order.created', second)[0].text).not.toContain('次）');
        // Another member's order still waiting is nobody's to fold.
        expect(about(list, 'order.created', theirs)[0]).toMatchObject({ read: false });
        for (const [orderNo, token] of [
          [second, buyer.token],
          [theirs, other.token],
        ] as const) {
          expect((await ctx.call('order/cancel', { orderNo }, { token })).code).toBe(CODES.OK);
        }
      });

      it('nobody is told of what they did themselves', async () => {
        const orderNo = await createOrder(ctx, tokens.admin);
        expect(about(await items(ctx, tokens.admin), 'order.created', orderNo)).toEqual([]);
        expect((await ctx.call('order/cancel', { orderNo }, { token: tokens.admin })).code).toBe(CODES.OK);
        expect(about(await items(ctx, tokens.admin), 'order.cancelled', orderNo)).toEqual([]);
      });

      it('a force unbind goes to the shop’s owner', async () => {
        const reported = await ctx.call(
          'shop/report',
          { platform: 'tiktok', externalId: '7700123', name: '通知测试店', region: 'MY', bindId: await ctx.startBind(tokens.member) },
          { token: await ctx.pluginToken(tokens.member) },
        );
        expect(reported.code).toBe(CODES.OK);
        expect((await ctx.call('shop/forceUnbind', { id: reported.content.id }, { token: tokens.admin })).code).toBe(CODES.OK);
        const [unbound] = (await items(ctx, tokens.member)).filter((item) => item.kind === 'shop.unbound');
        expect(unbound).toMatchObject({
          title: '店铺已被解绑',
          text: '您的店铺 通知测试店（TikTok Shop）已被管理员解绑',
          link: '/client/shopManager',
        });
        expect((await items(ctx, tokens.admin)).filter((item) => item.kind === 'shop.unbound')).toEqual([]);
        expect((await items(ctx, tokens.sale)).filter((item) => item.kind === 'shop.unbound')).toEqual([]);
      });

      it('a published release goes to every account but the reviewer who approved it; a newer one settles it', async () => {
        const create = (version: string) =>
          ctx.call(
            'appVersion/create',
            { version, minSupportedVersion: '1.0.0', downloadUrl: 'https://example.com/p.zip', changelog: `修复问题\n第二行` },
            { token: tokens.operator },
          );
        /** The operator asks for `action`; the reviewer approves it (four-eyes, fourEyes.test.ts). */
        const approved = async (action: 'publish' | 'withdraw', id: number) => {
          const requested = await ctx.call(`appVersion/${action}`, { id }, { token: tokens.operator });
          expect(requested.code).toBe(CODES.OK);
          const answer = await ctx.call('appVersion/approve', { id, revision: requested.content.revision }, { token: tokens.reviewer });
          expect(answer.code).toBe(CODES.OK);
        };
        const first = (await create('7.0.0')).content.id;
        const releases = () => items(ctx, tokens.member).then((list) => list.filter((item) => item.kind === 'release.published'));
        expect(await releases()).toEqual([]);
        const memberBefore = await unread(ctx, tokens.member);
        await approved('publish', first);
        expect(await releases()).toEqual([
          expect.objectContaining({ title: '插件新版本 7.0.0', text: '插件 7.0.0 已发布：修复问题', link: '/client/home', read: false }),
        ]);
        expect((await items(ctx, tokens.sale)).filter((item) => item.kind === 'release.published')).toHaveLength(1);
        expect((await items(ctx, tokens.reviewer)).filter((item) => item.kind === 'release.published')).toEqual([]);
        expect(await unread(ctx, tokens.member)).toBe(memberBefore + 1);

        const second = (await create('7.1.0')).content.id;
        await approved('publish', second);
        expect((await releases()).map((item) => [item.title, item.read])).toEqual([
          ['插件新版本 7.1.0', false],
          ['插件新版本 7.0.0', true],
        ]);
        expect(await unread(ctx, tokens.member)).toBe(memberBefore + 1);
        await approved('withdraw', second);
        expect(await unread(ctx, tokens.member)).toBe(memberBefore);
      });

      it('an approver granted later sees the requests still waiting; one whose grant is taken sees none', async () => {
        const newcomer = await newMember(ctx);
        const id = await requestWithdrawal(ctx, tokens.sale);
        expect(about(await items(ctx, newcomer.token), 'withdrawal.requested', id)).toEqual([]);
        const admin = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
        const setRoles = (roleIds: number[]) => ctx.call('account/setRoles', { id: newcomer.id, roleIds }, { token: admin });
        expect((await setRoles([await roleId(ctx.db, 'member'), await roleId(ctx.db, 'operator')])).code).toBe(CODES.OK);
        expect(about(await items(ctx, newcomer.token), 'withdrawal.requested', id)).toEqual([expect.objectContaining({ read: false })]);
        expect(await unread(ctx, newcomer.token)).toBeGreaterThan(0);
        expect((await setRoles([await roleId(ctx.db, 'member')])).code).toBe(CODES.OK);
        expect(about(await items(ctx, newcomer.token), 'withdrawal.requested', id)).toEqual([]);
        expect((await ctx.call('withdrawal/reject', { id, reason: '测试' }, { token: tokens.admin })).code).toBe(CODES.OK);
      });
    });

    describe('read state, per account', () => {
      it('marks one item read for its reader only; the count, the list and the unread filter follow', async () => {
        const id = await requestWithdrawal(ctx, tokens.sale);
        const [forAdmin] = about(await items(ctx, tokens.admin), 'withdrawal.requested', id);
        const before = { admin: await unread(ctx, tokens.admin), operator: await unread(ctx, tokens.operator) };
        expect(about(await items(ctx, tokens.admin, { unreadOnly: true }), 'withdrawal.requested', id)).toHaveLength(1);

        const marked = await ctx.call('notification/markRead', { ids: [forAdmin.id] }, { token: tokens.admin });
        expect(marked.content).toEqual({ unread: before.admin - 1 });
        expect(about(await items(ctx, tokens.admin), 'withdrawal.requested', id)[0].read).toBe(true);
        expect(about(await items(ctx, tokens.admin, { unreadOnly: true }), 'withdrawal.requested', id)).toEqual([]);
        // The other approver's copy of the same item is still unread.
        expect(await unread(ctx, tokens.operator)).toBe(before.operator);
        expect(about(await items(ctx, tokens.operator), 'withdrawal.requested', id)[0].read).toBe(false);
        // Again: nothing changes.
        expect((await ctx.call('notification/markRead', { ids: [forAdmin.id] }, { token: tokens.admin })).content).toEqual({
          unread: before.admin - 1,
        });
        expect((await ctx.call('withdrawal/reject', { id, reason: '测试' }, { token: tokens.admin })).code).toBe(CODES.OK);
      });

      it('an item that is not the caller’s can not be marked (nothing is written)', async () => {
        const id = await requestWithdrawal(ctx, tokens.sale);
        const [forAdmin] = about(await items(ctx, tokens.admin), 'withdrawal.requested', id);
        const answer = await ctx.call('notification/markRead', { ids: [forAdmin.id] }, { token: tokens.member });
        expect(answer.code).toBe(CODES.OK);
        const written = await rows(ctx.db, sql`select 1 from notification_reads where notification_id = ${forAdmin.id}`);
        expect(written).toEqual([]);
        expect((await ctx.call('withdrawal/reject', { id, reason: '测试' }, { token: tokens.admin })).code).toBe(CODES.OK);
      });

      it('全部已读 reads everything up to the item given, newer ones stay unread', async () => {
        const reader = await newMember(ctx);
        const readerId = reader.id;
        const ids: number[] = [];
        for (let index = 0; index < 3; index += 1) {
          const id = await ctx.db.transaction((tx) =>
            announce(tx, {
              kind: 'membership.expiring',
              record: readerId,
              recipientId: readerId,
              actorId: null,
              data: { levelName: '专业版', expiresAt: new Date().toISOString() },
            }),
          );
          ids.push(id!);
        }
        expect(await unread(ctx, reader.token)).toBe(3);
        expect((await ctx.call('notification/markAllRead', { throughId: ids[1] }, { token: reader.token })).content).toEqual({ unread: 1 });
        const own = (await items(ctx, reader.token)).filter((item) => item.kind === 'membership.expiring');
        expect(own.map((item) => [item.id, item.read])).toEqual([
          [ids[2], false],
          [ids[1], true],
          [ids[0], true],
        ]);
        // A read mark never moves back.
        expect((await ctx.call('notification/markAllRead', {}, { token: reader.token })).content).toEqual({ unread: 0 });
        expect((await ctx.call('notification/markAllRead', { throughId: ids[0] }, { token: reader.token })).content).toEqual({ unread: 0 });
        expect(await unread(ctx, reader.token)).toBe(0);
      });

      it('refuses bad input with A0400 in Chinese', async () => {
        const cases: Array<[string, unknown]> = [
          ['notification/markRead', { ids: [] }],
          ['notification/markRead', { ids: [3, 3] }],
          ['notification/markRead', { ids: ['x'] }],
          ['notification/markRead', { ids: Array.from({ length: MARK_READ_MAX_IDS + 1 }, (_, index) => index + 1) }],
          ['notification/markAllRead', { throughId: 0 }],
          ['notification/list', { unreadOnly: 'yes' }],
        ];
        for (const [path, body] of cases) {
          const answer = await ctx.call(path, body, { token: tokens.member });
          expect({ path, code: answer.code, chinese: /^参数错误：[^a-zA-Z]*$/.test(answer.msg) }).toEqual({
            path,
            code: CODES.BAD_PARAMETERS,
            chinese: true,
          });
        }
        expect((await ctx.call('notification/list', {})).code).toBe(CODES.LOGIN_EXPIRED);
      });
    });

    describe('written in the transaction of the change', () => {
      it('a change that rolls back announces nothing: no item, no signal', async () => {
        const listener = await listenToChannel(ctx);
        try {
          const buyer = await newMember(ctx);
          const orderNo = await createOrder(ctx, buyer.token);
          await until(() => listener.payloads.length > 0);
          listener.payloads.length = 0;
          const account: SessionAccount = {
            id: await accountId(ctx.db, ADMIN),
            sessionId: 0,
            username: ADMIN,
            email: '',
            membership: null,
            roleIds: [await roleId(ctx.db, 'super_admin')],
            rbacVersion: 0,
            provedSecondsAgo: 0,
            passwordChangeRequired: false,
            passwordExpired: false,
            enrolmentRequired: false,
          };
          const snapshot = await new RbacCache(ctx.db).reload();
          // The payment is written, announced, then its audit entry fails: all of it rolls back.
          const failingAudit = async () => {
            throw new Error('audit failed');
          };
          const caller = { db: ctx.db, account, snapshot, audit: failingAudit } as Partial<CallContext> as CallContext;
          await expect(confirmPayment(caller, { orderNo })).rejects.toThrow('audit failed');
          expect(await rows(ctx.db, sql`select kind from notifications where record_key = ${orderNo} and kind <> 'order.created'`)).toEqual(
            [],
          );
          expect((await one(ctx.db, sql`select status from orders where order_no = ${orderNo}`)).status).toBe('pending');
          expect(about(await items(ctx, tokens.admin), 'order.created', orderNo)[0].read).toBe(false);

          // A committed change after it: its signal is the only one that arrives.
          await ctx.call('order/cancel', { orderNo }, { token: buyer.token });
          await until(() => listener.payloads.length > 0);
          await new Promise((resolve) => setTimeout(resolve, 100));
          expect(listener.payloads.map((payload) => JSON.parse(payload))).toEqual([{ a: 'order-confirmers' }]);
        } finally {
          await listener.unlisten();
        }
      });
    });

    describe('membership notices (the periodic job)', () => {
      const setExpiry = (id: number, interval: string) =>
        ctx.db.execute(
          sql`update accounts set membership_level_id = (select id from membership_levels order by id limit 1),
                membership_expires_at = now() + ${interval}::interval where id = ${id}`,
        );
      const notices = (id: number) =>
        rows<{ kind: string }>(
          ctx.db,
          sql`select kind from notifications where recipient_id = ${id} and kind like 'membership.%' order by id`,
        );

      it('tells a member 7 days ahead and when it has expired, once each however often and wherever it runs', async () => {
        const member = await newMember(ctx);
        await setExpiry(member.id, '8 days');
        await announceMembershipNotices(ctx.db);
        expect(await notices(member.id)).toEqual([]);

        await setExpiry(member.id, '3 days');
        const second = ctx.kind === 'postgres' ? (await ctx.openSecond()).db : ctx.db;
        // Two instances at once, then again: one notice.
        await Promise.all([announceMembershipNotices(ctx.db), announceMembershipNotices(second), runNotificationJobs(ctx.db)]);
        await announceMembershipNotices(second);
        expect(await notices(member.id)).toEqual([{ kind: 'membership.expiring' }]);
        const [expiring] = (await items(ctx, member.token)).filter((item) => item.kind === 'membership.expiring');
        expect(expiring).toMatchObject({ title: '会员即将到期', link: '/client/memberCenter', read: false });
        expect(expiring.text).toMatch(/^您的.+会员将于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 到期，可在会员中心续费$/);

        await setExpiry(member.id, '-1 hour');
        await Promise.all([announceMembershipNotices(ctx.db), announceMembershipNotices(second)]);
        await announceMembershipNotices(ctx.db);
        expect(await notices(member.id)).toEqual([{ kind: 'membership.expiring' }, { kind: 'membership.expired' }]);

        // Renewed to end in 5 days: that new expiry gets its own notice.
        await setExpiry(member.id, '5 days');
        await announceMembershipNotices(ctx.db);
        expect((await notices(member.id)).map((row) => row.kind)).toEqual([
          'membership.expiring',
          'membership.expired',
          'membership.expiring',
        ]);
        // Nobody else is told.
        expect(
          (await items(ctx, tokens.admin)).filter((item) => item.kind.startsWith('membership.') && item.text.includes(member.username)),
        ).toEqual([]);
      });
    });

    describe('the live stream', () => {
      it('opens with a single-use ticket, stored only hashed; a used, unknown or missing one is refused', async () => {
        const base = await baseUrlOf(ctx.app);
        const ticket = await ticketFor(ctx, tokens.member);
        expect(await rows(ctx.db, sql`select 1 from stream_tickets where token_hash = ${ticket}`)).toEqual([]);
        expect(await rows(ctx.db, sql`select 1 from stream_tickets where token_hash = ${hashToken(ticket)}`)).toHaveLength(1);

        const stream = await open(streamUrl(base, ticket));
        expect({
          status: stream.status,
          type: stream.contentType,
          buffering: stream.headers.get('x-accel-buffering'),
          cache: stream.headers.get('cache-control'),
        }).toEqual({
          status: 200,
          type: 'text/event-stream; charset=utf-8',
          buffering: 'no',
          cache: expect.stringContaining('no-store'),
        });
        const first = await stream.next((event) => event.event === STREAM_EVENTS.unread);
        expect(first.data).toEqual({ unread: await unread(ctx, tokens.member) });

        for (const url of [streamUrl(base, ticket), streamUrl(base, 'x'.repeat(43))]) {
          const refused = await fetch(url);
          expect(await refused.json()).toMatchObject({ isSuccess: false, code: CODES.LOGIN_EXPIRED });
        }
        const missing = await fetch(`${base}${NOTIFICATION_STREAM_PATH}`);
        expect(await missing.json()).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: expect.stringMatching(/^参数错误：/) });
        const badId = await fetch(streamUrl(base, await ticketFor(ctx, tokens.member)) + '&lastEventId=abc');
        expect(await badId.json()).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: '参数错误：通知编号应为数字' });
        // An expired ticket.
        const stale = await ticketFor(ctx, tokens.member);
        await ctx.db.execute(
          sql`update stream_tickets set expires_at = now() - interval '1 second' where token_hash = ${hashToken(stale)}`,
        );
        expect(await (await fetch(streamUrl(base, stale))).json()).toMatchObject({ code: CODES.LOGIN_EXPIRED });
      });

      it('delivers an item to the accounts it is for, within 5 s, and follows their read state', async () => {
        const base = await baseUrlOf(ctx.app);
        const adminStream = await open(streamUrl(base, await ticketFor(ctx, tokens.admin)));
        const memberStream = await open(streamUrl(base, await ticketFor(ctx, tokens.member)));
        await adminStream.next((event) => event.event === STREAM_EVENTS.unread);
        await memberStream.next((event) => event.event === STREAM_EVENTS.unread);
        const count = await unread(ctx, tokens.admin);

        const started = Date.now();
        const id = await requestWithdrawal(ctx, tokens.sale);
        const item = await adminStream.next(
          (event) => event.event === STREAM_EVENTS.item && event.data.link === `/client/withdrawalApproval?id=${id}`,
        );
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(item.data).toMatchObject({ kind: 'withdrawal.requested', read: false });
        expect(Number(item.id)).toBeGreaterThanOrEqual(item.data.id);
        const counted = adminStream.events.length;
        await adminStream.next((event) => event.event === STREAM_EVENTS.unread && event.data.unread === count + 1);

        // Read on another device: the stream's count follows.
        await ctx.call('notification/markRead', { ids: [item.data.id] }, { token: tokens.admin });
        await adminStream.next((event) => event.event === STREAM_EVENTS.unread && event.data.unread === count, 5_000, counted);
        // The member was never told.
        expect(memberStream.events.filter((event) => event.event === STREAM_EVENTS.item)).toEqual([]);
        expect((await ctx.call('withdrawal/reject', { id, reason: '测试' }, { token: tokens.admin })).code).toBe(CODES.OK);
      });

      it('a reconnect with Last-Event-ID gets what it missed', async () => {
        const base = await baseUrlOf(ctx.app);
        const stream = await open(streamUrl(base, await ticketFor(ctx, tokens.operator)));
        await stream.next((event) => event.event === STREAM_EVENTS.unread);
        const before = await requestWithdrawal(ctx, tokens.sale);
        const seen = await stream.next((event) => event.event === STREAM_EVENTS.item && event.data.link.endsWith(`=${before}`));
        stream.close();

        const missed = await requestWithdrawal(ctx, tokens.sale);
        const again = await open(streamUrl(base, await ticketFor(ctx, tokens.operator)), { 'last-event-id': String(seen.id) });
        const caughtUp = await again.next((event) => event.event === STREAM_EVENTS.item);
        expect(caughtUp.data.link).toBe(`/client/withdrawalApproval?id=${missed}`);
        for (const id of [before, missed])
          expect((await ctx.call('withdrawal/reject', { id, reason: '测试' }, { token: tokens.admin })).code).toBe(CODES.OK);
      });

      it('ends when its session ends (logout), with an end event', async () => {
        const base = await baseUrlOf(ctx.app);
        const token = await ctx.login(MEMBER);
        const stream = await open(streamUrl(base, await ticketFor(ctx, token)));
        await stream.next((event) => event.event === STREAM_EVENTS.unread);
        await until(() => stream.comments() > 0, 5_000);
        expect((await ctx.call('account/logout', {}, { token })).code).toBe(CODES.OK);
        const end = await stream.next((event) => event.event === STREAM_EVENTS.end, 5_000);
        expect(end.data).toEqual({ code: CODES.LOGIN_EXPIRED });
        await stream.ended();
        expect((await ctx.call('notification/streamTicket', {}, { token })).code).toBe(CODES.LOGIN_EXPIRED);
      });

      it(`keeps at most ${MAX_STREAMS_PER_SESSION} streams per session, closing the oldest`, async () => {
        const base = await baseUrlOf(ctx.app);
        const token = await ctx.login(MEMBER);
        const own: SseStream[] = [];
        for (let n = 0; n < MAX_STREAMS_PER_SESSION; n += 1) {
          const stream = await open(streamUrl(base, await ticketFor(ctx, token)));
          await stream.next((event) => event.event === STREAM_EVENTS.unread);
          own.push(stream);
        }
        // Another session of the same account is not counted with this one.
        const elsewhere = await open(streamUrl(base, await ticketFor(ctx, await ctx.login(MEMBER))));
        await elsewhere.next((event) => event.event === STREAM_EVENTS.unread);
        const newest = await open(streamUrl(base, await ticketFor(ctx, token)));
        await newest.next((event) => event.event === STREAM_EVENTS.unread);
        // The oldest is told to stop (an end event, so its tab does not reconnect), then closed.
        expect((await own[0].next((event) => event.event === STREAM_EVENTS.end, 5_000)).data).toEqual({ reason: 'replaced' });
        await own[0].ended(5_000);
        // The others stay open: each still gets the heartbeat.
        for (const stream of [...own.slice(1), newest, elsewhere]) {
          const before = stream.comments();
          await until(() => stream.comments() > before, 5_000);
        }
      });

      it("never writes a stream's ticket to the request log", async () => {
        const lines: string[] = [];
        const sink = new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        });
        const logged = await buildApp({ db: ctx.db, config: { ...ctx.config, logRequests: true }, logger: pino({ level: 'info' }, sink) });
        try {
          const ticket = await ticketFor(ctx, tokens.member);
          const stream = await open(streamUrl(await baseUrlOf(logged), ticket, 0));
          await stream.next((event) => event.event === STREAM_EVENTS.unread);
          const requestLines = lines.filter((line) => line.includes(NOTIFICATION_STREAM_PATH));
          expect(requestLines.length).toBeGreaterThan(0);
          expect(lines.join('')).not.toContain(encodeURIComponent(ticket));
          expect(lines.join('')).not.toContain(ticket);
          expect(requestLines[0]).toContain('ticket=%5Bredacted%5D&lastEventId=0');
          stream.close();
        } finally {
          await logged.close();
        }
      });

      it('a change made through one instance reaches a listener on another instance of the same database within 5 s', async () => {
        // PGlite is one instance by design (DATA_DIR/pglite.lock): the stream and the change share it there.
        const second = ctx.kind === 'postgres' ? await buildApp({ db: (await ctx.openSecond()).db, config: ctx.config }) : ctx.app;
        try {
          const baseB = await baseUrlOf(second);
          // The ticket is issued by instance A and taken by instance B.
          const stream = await open(streamUrl(baseB, await ticketFor(ctx, tokens.admin)));
          await stream.next((event) => event.event === STREAM_EVENTS.unread);
          const started = Date.now();
          const id = await requestWithdrawal(ctx, tokens.sale); // through instance A (ctx.app)
          await stream.next((event) => event.event === STREAM_EVENTS.item && event.data.link === `/client/withdrawalApproval?id=${id}`);
          expect(Date.now() - started).toBeLessThan(5_000);
          expect((await ctx.call('withdrawal/approve', { id }, { token: tokens.admin })).code).toBe(CODES.OK);
        } finally {
          if (second !== ctx.app) await second.close();
        }
      });

      it('ends at once, on every instance, when its session ends: not at the next heartbeat', async () => {
        // Instance B's heartbeat is a minute away: only the session-ended signal can end its streams in time.
        const slowBeat = { ...ctx.config, streamHeartbeatMs: 60_000 };
        const db = ctx.kind === 'postgres' ? (await ctx.openSecond()).db : ctx.db;
        const second = await buildApp({ db, config: slowBeat });
        try {
          const base = await baseUrlOf(second);
          const ends = async (end: (token: string) => Promise<unknown>) => {
            const token = await ctx.login(MEMBER);
            const stream = await open(streamUrl(base, await ticketFor(ctx, token)));
            await stream.next((event) => event.event === STREAM_EVENTS.unread);
            const started = Date.now();
            await end(token); // through instance A (ctx.app)
            expect((await stream.next((event) => event.event === STREAM_EVENTS.end, 5_000)).data).toEqual({ code: CODES.LOGIN_EXPIRED });
            await stream.ended(2_000);
            return Date.now() - started;
          };
          const sessionOf = async (token: string) =>
            Number((await one(ctx.db, sql`select id from sessions where token_hash = ${hashToken(token)}`)).id);
          const took = [
            await ends((token) => ctx.call('account/logout', {}, { token })),
            await ends(async (token) => ctx.call('session/forceLogout', { id: await sessionOf(token) }, { token: tokens.admin })),
            await ends(async (token) => {
              const other = await ctx.login(MEMBER);
              return ctx.call('profile/revokeSession', { id: await sessionOf(token) }, { token: other });
            }),
          ];
          for (const ms of took) expect(ms).toBeLessThan(5_000);
        } finally {
          await second.close();
        }
      });

      it('instance B’s streams end when it stops (the clients reconnect elsewhere), without holding the stop', async () => {
        if (ctx.kind !== 'postgres') return;
        const second = await buildApp({ db: (await ctx.openSecond()).db, config: ctx.config });
        const stream = await open(streamUrl(await baseUrlOf(second), await ticketFor(ctx, tokens.member)));
        await stream.next((event) => event.event === STREAM_EVENTS.unread);
        const started = Date.now();
        await second.close();
        await stream.ended(2_000);
        expect(Date.now() - started).toBeLessThan(2_000);
      });
    });
  },
  { config: { streamHeartbeatMs: HEARTBEAT_MS } },
);
