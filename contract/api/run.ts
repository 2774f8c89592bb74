/**
 * The plug-in's runs (运行记录): the console starts a run before it hands a flow to the plug-in
 * (`run/start`, with the session) and passes the run id on; the plug-in reports into it with its
 * plug-in token (`run/report` in batches, `run/finish` once). No page content is ever sent: the
 * script versions, step outcomes and the product ids the member gave.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import {
  PRODUCT_ID_PATTERN,
  REPORTED_ITEM_OUTCOMES,
  RUN_BATCH_ITEMS_MAX,
  RUN_ENDINGS,
  RUN_FLOWS,
  RUN_ITEM_OUTCOMES,
  RUN_MESSAGE_MAX,
  RUN_PRODUCT_IDS_MAX,
  RUN_SCRIPTS_MAX,
  RUN_STATUSES,
  RUN_STEP_NAME_MAX,
} from '../runs';
import { SHOP_PLATFORMS } from '../shopPlatforms';
import { BigId, DateTime, Id, Int4, Literals, Nullable, OneOf, Page, PageFields, Text } from './common';
import { defineApi } from './define';

const ProductId = () => Type.String({ pattern: PRODUCT_ID_PATTERN, ...{ patternMessage: '只能是数字（至多 32 位）' } });

/** `run/start`: the flow the console is about to hand the plug-in. */
export const RunStartBody = Type.Object(
  {
    flow: OneOf(RUN_FLOWS),
    platform: OneOf(SHOP_PLATFORMS.map((item) => item.value)),
    /** A join's product ids (de-duplicated by the console); none for a bind or a stop. */
    productIds: Type.Optional(Type.Array(ProductId(), { minItems: 1, maxItems: RUN_PRODUCT_IDS_MAX, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type RunStartBody = Static<typeof RunStartBody>;

export const RunStarted = Type.Object({
  runId: BigId(),
  startedAt: DateTime(),
});
export type RunStarted = Static<typeof RunStarted>;

const RunId = () => BigId();

/** A script the run ran, at the version the plug-in had. */
const RanScript = Type.Object({ scriptId: Id(), version: Int4(1) }, { additionalProperties: false });

/** `run/report`: a batch of what happened, numbered from 1; a batch sent again changes nothing. */
export const RunReportBody = Type.Object(
  {
    runId: RunId(),
    batch: Int4(1),
    /** The scripts the run chose (the link and the action), in its first batch. */
    scripts: Type.Optional(Type.Array(RanScript, { maxItems: RUN_SCRIPTS_MAX })),
    items: Type.Optional(
      Type.Array(
        Type.Object(
          {
            productId: ProductId(),
            outcome: OneOf(REPORTED_ITEM_OUTCOMES),
            /** Why it failed, in the step's Chinese words. */
            reason: Type.Optional(Text(RUN_MESSAGE_MAX)),
          },
          { additionalProperties: false },
        ),
        { maxItems: RUN_BATCH_ITEMS_MAX },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RunReportBody = Static<typeof RunReportBody>;

export const RunReported = Type.Object({
  accepted: Type.Boolean({ description: 'false：这一批已收到过，本次未改变任何记录' }),
});
export type RunReported = Static<typeof RunReported>;

/** Why a run failed: the step it failed at, or only a message (the server refused the bound shop…). */
const FailedStep = Type.Object(
  {
    index: Type.Optional(Int4(1)),
    name: Type.Optional(Text(RUN_STEP_NAME_MAX, 1)),
    message: Text(RUN_MESSAGE_MAX, 1),
    /** The action script whose step it was. */
    scriptId: Type.Optional(Id()),
  },
  { additionalProperties: false },
);

/** `run/finish`: how the run ended; the plug-in's worker sends it even when the page closed. */
export const RunFinishBody = Type.Object(
  {
    runId: RunId(),
    ending: OneOf(RUN_ENDINGS),
    failedStep: Type.Optional(FailedStep),
  },
  { additionalProperties: false },
);
export type RunFinishBody = Static<typeof RunFinishBody>;

export const RunIdBody = Type.Object({ id: RunId() }, { additionalProperties: false });
export type RunIdBody = Static<typeof RunIdBody>;

const runFields = {
  id: RunId(),
  flow: Literals(RUN_FLOWS),
  platform: Type.String(),
  status: Literals(RUN_STATUSES),
  scripts: Type.Array(Type.Object({ scriptId: Id(), version: Int4(1) })),
  itemCount: Int4(),
  joined: Int4(),
  alreadyJoined: Int4(),
  failed: Int4(),
  /** Why the run failed: the step the plug-in reported, or only a message (the plug-in stopped reporting). */
  failedStep: Nullable(
    Type.Object({ index: Nullable(Int4(1)), name: Nullable(Type.String()), message: Type.String(), scriptId: Nullable(Id()) }),
  ),
  startedAt: DateTime(),
  endedAt: Nullable(DateTime()),
};

export const RunSummary = Type.Object(runFields);
export type RunSummary = Static<typeof RunSummary>;

export const RunItem = Type.Object({
  productId: Type.String(),
  outcome: Literals(RUN_ITEM_OUTCOMES),
  reason: Nullable(Type.String()),
  reportedAt: Nullable(DateTime()),
});
export type RunItem = Static<typeof RunItem>;

/** A script the run ran, with its name as the plug-in received it (null: the script was deleted since). */
const NamedScript = Type.Object({ scriptId: Id(), version: Int4(1), name: Nullable(Type.String()) });

/** The account whose run it is: staff read any member's (插件运行记录). */
const RunAccount = Type.Object({ id: Id(), username: Type.String() });

export const RunDetail = Type.Object({
  ...runFields,
  scripts: Type.Array(NamedScript),
  account: RunAccount,
  items: Type.Array(RunItem),
});
export type RunDetail = Static<typeof RunDetail>;

/** 运行记录's filters: the flow, the status, when it started (instants: the console sends whole business days). */
const runFilters = {
  ...PageFields,
  flow: Type.Optional(OneOf(RUN_FLOWS)),
  status: Type.Optional(OneOf(RUN_STATUSES)),
  startedFrom: Type.Optional(DateTime({ description: '开始时间下限（含）' })),
  startedTo: Type.Optional(DateTime({ description: '开始时间上限（不含）' })),
};

/** `run/mine`: the caller's runs, newest first. */
export const RunListQuery = Type.Object(runFilters, { additionalProperties: false });
export type RunListQuery = Static<typeof RunListQuery>;

/** `run/list` (staff): every account's runs, newest first, also by the account's username. */
export const RunListAllQuery = Type.Object(
  {
    ...runFilters,
    /** Part of the account's username. */
    username: Type.Optional(Type.String({ maxLength: 64, description: '用户名的一部分' })),
  },
  { additionalProperties: false },
);
export type RunListAllQuery = Static<typeof RunListAllQuery>;

/** A row of 插件运行记录: the run and its account. */
export const RunListItem = Type.Object({ ...runFields, account: RunAccount });
export type RunListItem = Static<typeof RunListItem>;

/** The plug-in panel lives on 首页: who may drive the plug-in may start their runs. */
const memberGrant = { anyGrant: [CAPABILITY_URLS.canSeeHome] } as const;

const exampleRun: RunSummary = {
  id: 41,
  flow: 'join',
  platform: 'tiktok',
  status: 'partlyFailed',
  scripts: [
    { scriptId: 2, version: 3 },
    { scriptId: 5, version: 1 },
  ],
  itemCount: 3,
  joined: 1,
  alreadyJoined: 1,
  failed: 1,
  failedStep: null,
  startedAt: '2026-11-28T02:10:00.000Z',
  endedAt: '2026-11-28T02:11:30.000Z',
};

export const runApi = {
  'run/start': defineApi({
    summary: '发起一次插件运行（绑定、加入达人计划或停止），得到交给插件的运行编号',
    description:
      '控制台在把流程交给插件之前调用，把运行编号随 set 交给插件（run-id）；插件用插件令牌上报（run/report、run/finish）。加入达人计划须有会员，商品 ID 不超过会员的数量：A0301 / A0400。停止会结束本账号正在运行的加入。',
    auth: memberGrant,
    body: RunStartBody,
    answer: RunStarted,
    example: {
      body: { flow: 'join', platform: 'tiktok', productIds: ['1729384756', '1729384757', '1729384758'] },
      answer: { runId: 41, startedAt: '2026-11-28T02:10:00.000Z' },
    },
  }),
  'run/report': defineApi({
    summary: '插件上报一批运行结果：所用脚本版本、每个商品 ID 的结果（同一批重复上报不改变记录）',
    description: '用插件令牌调用，只能上报本账号的运行；运行已结束、商品 ID 不在本次运行中：A0400。每个商品 ID 的结果只记第一次。',
    auth: 'plugin',
    body: RunReportBody,
    answer: RunReported,
    example: {
      body: {
        runId: 41,
        batch: 1,
        scripts: [
          { scriptId: 2, version: 3 },
          { scriptId: 5, version: 1 },
        ],
        items: [
          { productId: '1729384756', outcome: 'joined' },
          { productId: '1729384757', outcome: 'alreadyJoined' },
          { productId: '1729384758', outcome: 'failed', reason: '第 4 步（click）：找不到元素 #invite' },
        ],
      },
      answer: { accepted: true },
    },
  }),
  'run/finish': defineApi({
    summary: '插件结束一次运行：成功、失败（失败的步骤）或已停止',
    description:
      '用插件令牌调用，只能结束本账号正在运行的运行；已结束的：A0400。状态由结果和各商品 ID 的结果得出：有成功也有失败的加入为部分失败。',
    auth: 'plugin',
    body: RunFinishBody,
    answer: RunSummary,
    example: {
      body: { runId: 41, ending: 'succeeded' },
      answer: exampleRun,
    },
  }),
  'run/mine': defineApi({
    summary: '运行记录：本人的插件运行，新的在前，按流程、状态、开始时间筛选（分页）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeePluginRuns] },
    body: RunListQuery,
    answer: Page(RunSummary),
    example: {
      body: { current: 1, pageSize: 10, flow: 'join', startedFrom: '2026-11-27T16:00:00.000Z', startedTo: '2026-11-28T16:00:00.000Z' },
      answer: { list: [exampleRun], total: 1, current: 1, pageSize: 10 },
    },
  }),
  'run/list': defineApi({
    summary: '插件运行记录：所有账号的插件运行，新的在前，按账号、流程、状态、开始时间筛选（分页）',
    description: '供客服排查：不列出权限超出本人的账号的运行。',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeAllPluginRuns] },
    body: RunListAllQuery,
    answer: Page(RunListItem),
    example: {
      body: { current: 1, pageSize: 10, username: 'amy', status: 'partlyFailed' },
      answer: { list: [{ ...exampleRun, account: { id: 42, username: 'amy' } }], total: 1, current: 1, pageSize: 10 },
    },
  }),
  'run/get': defineApi({
    summary: '一次运行：所用脚本、结果、失败的步骤和每个商品 ID 的结果',
    description: '本人的运行；有插件运行记录权限的员工可看任何账号的运行（权限超出本人的账号除外）。别人的运行按不存在回答（A0400）。',
    // 首页's plug-in card reads the last run too.
    auth: { anyGrant: [CAPABILITY_URLS.canSeeHome, CAPABILITY_URLS.canSeePluginRuns, CAPABILITY_URLS.canSeeAllPluginRuns] },
    body: RunIdBody,
    answer: RunDetail,
    example: {
      body: { id: 41 },
      answer: {
        ...exampleRun,
        scripts: [
          { scriptId: 2, version: 3, name: 'TikTok 达人页' },
          { scriptId: 5, version: 1, name: 'TikTok 邀请达人' },
        ],
        account: { id: 42, username: 'amy' },
        items: [
          { productId: '1729384756', outcome: 'joined', reason: null, reportedAt: '2026-11-28T02:10:40.000Z' },
          { productId: '1729384757', outcome: 'alreadyJoined', reason: null, reportedAt: '2026-11-28T02:10:40.000Z' },
          {
            productId: '1729384758',
            outcome: 'failed',
            reason: '第 4 步（click）：找不到元素 #invite',
            reportedAt: '2026-11-28T02:10:40.000Z',
          },
        ],
      },
    },
  }),
};
