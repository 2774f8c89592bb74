/** 运行记录's screens' runs (tests/web/pluginRuns.test.tsx): a join that partly failed, a bind, and the join's detail. */
import type { RunDetail, RunListItem, RunSummary } from '#contract/api/run';

export const join: RunSummary = {
  id: 41,
  flow: 'join',
  platform: 'tiktok',
  status: 'partlyFailed',
  scripts: [{ scriptId: 5, version: 3 }],
  itemCount: 4,
  joined: 1,
  alreadyJoined: 1,
  failed: 2,
  failedStep: { index: 4, name: 'click', message: '找不到元素 #invite', scriptId: 5 },
  startedAt: '2026-11-28T02:10:00.000Z',
  endedAt: '2026-11-28T02:11:30.000Z',
};
export const bind: RunSummary = {
  ...join,
  id: 40,
  flow: 'bind',
  status: 'succeeded',
  scripts: [],
  itemCount: 0,
  joined: 0,
  alreadyJoined: 0,
  failed: 0,
  failedStep: null,
};

export const detail: RunDetail = {
  ...join,
  scripts: [{ scriptId: 5, version: 3, name: '批量邀请达人' }],
  account: { id: 7, username: 'amy' },
  items: [
    { productId: '1729384756', outcome: 'joined', reason: null, reportedAt: '2026-11-28T02:10:40.000Z' },
    { productId: '1729384757', outcome: 'failed', reason: '第 4 步（click）：找不到元素 #invite', reportedAt: '2026-11-28T02:10:41.000Z' },
    { productId: '1729384758', outcome: 'alreadyJoined', reason: null, reportedAt: '2026-11-28T02:10:42.000Z' },
    { productId: '1729384759', outcome: 'failed', reason: '页面超时', reportedAt: '2026-11-28T02:10:43.000Z' },
  ],
};

export const runRow = (run: RunSummary, username: string): RunListItem => ({ ...run, account: { id: 7, username } });

export const page = <T>(list: T[]) => ({ list, total: list.length, current: 1, pageSize: 10 });
