/**
 * 运行记录 (a member's own runs, `run/mine`) and 插件运行记录 (every account's, `run/list`, for
 * support staff: an 账号 column and filter): the runs newest first, filtered by flow, status and
 * start date (whole business days), each opening its 运行详情 drawer (./RunDrawer.tsx).
 */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import type { RunListItem, RunSummary } from '#contract/api/run';
import { platformLabel } from '#contract/shopPlatforms';
import { RUN_COLUMNS as C } from '#contract/text/exports';
import ExportButton from '@/components/ExportButton';
import ListTable from '@/components/ListTable';
import { businessDayBounds, businessDayFilterTooltip } from '@/kit/businessDays';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import { RUN_UI_TEXT as TEXT } from '@/locales/zh-CN/runs';
import { usePagedList } from '@/services/usePagedList';
import { FLOW_ENUM, RunCounts, RunStatusTag, STATUS_ENUM, flowText, runTime } from './display';
import RunDrawer from './RunDrawer';

/** A row of either list: staff's carry the account. */
export type RunRow = RunSummary & Partial<Pick<RunListItem, 'account'>>;

export interface RunFilters extends Record<string, unknown> {
  flow?: string;
  status?: string;
  username?: string;
  started?: [string, string];
}

/** The start-date range (whole business days) as the calls' instants. */
export function runsBody({ started, ...rest }: RunFilters): Record<string, unknown> {
  const range = businessDayBounds(started);
  return range ? { ...rest, startedFrom: range.from, startedTo: range.to } : rest;
}

/**
 * The columns, sized to fit 1280 px with the side menu open (TABLE_SCROLL); 结束时间 only where
 * the card has room (≥ 1600 px): the drawer shows it too. The status comes right after the flow,
 * so a phone sees both before the table scrolls.
 */
export function runColumns(staff: boolean, view: (run: RunRow) => void): ProColumns<RunRow>[] {
  return [
    { title: C.startedAt, dataIndex: 'startedAt', search: false, width: 140, render: (_, run) => runTime(run.startedAt) },
    ...(staff
      ? [
          {
            title: C.username,
            dataIndex: 'username',
            width: 120,
            ellipsis: true,
            fieldProps: { placeholder: TEXT.usernamePlaceholder },
            render: (_, run) => run.account?.username ?? '-',
          } satisfies ProColumns<RunRow>,
        ]
      : []),
    { title: C.flow, dataIndex: 'flow', valueType: 'select', valueEnum: FLOW_ENUM, width: 110, render: (_, run) => flowText(run) },
    {
      title: C.status,
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: STATUS_ENUM,
      width: 96,
      render: (_, run) => <RunStatusTag status={run.status} />,
    },
    {
      title: C.itemCount,
      dataIndex: 'itemCount',
      search: false,
      width: 72,
      render: (_, run) => (run.flow === 'join' ? run.itemCount : <Typography.Text type="secondary">-</Typography.Text>),
    },
    { title: TEXT.counts, key: 'counts', search: false, width: 160, render: (_, run) => <RunCounts run={run} /> },
    {
      title: C.platform,
      dataIndex: 'platform',
      search: false,
      width: 110,
      ellipsis: true,
      render: (_, run) => platformLabel(run.platform),
    },
    { title: C.endedAt, dataIndex: 'endedAt', search: false, width: 140, responsive: ['xxl'], render: (_, run) => runTime(run.endedAt) },
    {
      title: TEXT.startedRange,
      dataIndex: 'started',
      valueType: 'dateRange',
      hideInTable: true,
      tooltip: businessDayFilterTooltip(),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 64,
      fixed: 'right',
      render: (_, run) => [
        <a
          key="view"
          onClick={(event) => {
            event.stopPropagation();
            view(run);
          }}
        >
          {TEXT.view}
        </a>,
      ],
    },
  ];
}

/** `before`: what the page shows above the list (插件运行记录's 暂停与节奏). */
export default function RunsList({ staff, before }: { staff: boolean; before?: ReactNode }) {
  const access = useAccess();
  const actionRef = useRef<ActionType>();
  const [shown, setShown] = useState<RunRow>();
  const filters = useRef<Record<string, unknown>>({});
  const list = usePagedList<'run/mine' | 'run/list', RunFilters>(staff ? 'run/list' : 'run/mine', {
    toBody: runsBody,
    actionRef,
    emptyText: TEXT.empty,
    filtersRef: filters,
  });
  const [columns] = useState(() => runColumns(staff, setShown));
  return (
    <PageContainer>
      {before}
      <ListTable<RunRow, RunFilters>
        rowKey="id"
        headerTitle={staff ? TEXT.allTitle : TEXT.mineTitle}
        actionRef={actionRef}
        columns={columns}
        {...list}
        onRow={(run) => ({ onClick: () => setShown(run), style: { cursor: 'pointer' } })}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={TABLE_SCROLL}
        options={{ reload: true }}
        toolBarRender={() => [
          staff ? (
            <ExportButton key="export" path="run/exportAll" allowed={access.canExportAllPluginRuns} filters={() => filters.current} />
          ) : (
            <ExportButton key="export" path="run/export" allowed={access.canExportPluginRuns} filters={() => filters.current} />
          ),
        ]}
      />
      <RunDrawer run={shown} staff={staff} onClose={() => setShown(undefined)} onRetried={() => actionRef.current?.reload()} />
    </PageContainer>
  );
}
