/** A script's versions: newest first, a diff between any two, and restoring an older one. */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Button, Drawer, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { tryCall } from '@/services/tryCall';
import { CONTENT_TEXT, scriptChangeNotice } from '@/locales/zh-CN/content';
import type { ScriptDetail, ScriptListItem, ScriptVersionItem } from '#contract/api/script';
import { usePagedList } from '@/services/usePagedList';
import { tablePagination, tableOptions } from '@/services/requestDefaults';
import { JsonDiff } from './lazyEditors';
import { message } from '@/kit/feedback';

interface Props {
  script: ScriptListItem | null;
  onClose: () => void;
  onRestored: (script: ScriptDetail) => void;
}

interface Comparison {
  scriptId: number;
  older: number;
  newer: number;
}

function DiffModal({ comparison, onClose }: { comparison: Comparison | null; onClose: () => void }) {
  const { data, loading } = useRequest(
    async () => {
      if (!comparison) return undefined;
      const [older, newer] = await Promise.all([
        tryCall('script/version', { id: comparison.scriptId, version: comparison.older }),
        tryCall('script/version', { id: comparison.scriptId, version: comparison.newer }),
      ]);
      return older && newer ? { older: older.content, newer: newer.content } : undefined;
    },
    { refreshDeps: [comparison] },
  );
  return (
    <Modal
      open={comparison !== null}
      onCancel={onClose}
      footer={null}
      width={1000}
      destroyOnHidden
      title={comparison ? `版本对比：第 ${comparison.older} 版 → 第 ${comparison.newer} 版` : '版本对比'}
    >
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text type="secondary">左：第 {comparison?.older} 版</Typography.Text>
        <Typography.Text type="secondary">右：第 {comparison?.newer} 版</Typography.Text>
      </Space>
      {loading || !data ? (
        <Typography.Text type="secondary">正在加载…</Typography.Text>
      ) : (
        <JsonDiff original={data.older} modified={data.newer} />
      )}
    </Modal>
  );
}

export default function ScriptHistoryDrawer({ script, onClose, onRestored }: Props) {
  const actionRef = useRef<ActionType>();
  const [selected, setSelected] = useState<number[]>([]);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [currentVersion, setCurrentVersion] = useState(script?.currentVersion ?? 0);

  useEffect(() => {
    setSelected([]);
    setCurrentVersion(script?.currentVersion ?? 0);
  }, [script]);

  // A hook, so before the early return; the table (and so its loads) exists only with a script.
  const list = usePagedList('script/versions', { toBody: () => ({ id: script?.id ?? 0 }), actionRef });
  if (!script) return null;

  const compare = (a: number, b: number) => setComparison({ scriptId: script.id, older: Math.min(a, b), newer: Math.max(a, b) });

  const restore = async (version: number) => {
    const restored = await tryCall('script/restore', { id: script.id, version });
    if (!restored) return;
    message.success(scriptChangeNotice(`${CONTENT_TEXT.restored}（第 ${restored.currentVersion} 版）`, restored.pending));
    setCurrentVersion(restored.currentVersion);
    setSelected([]);
    void actionRef.current?.reload();
    onRestored(restored);
  };

  const columns: ProColumns<ScriptVersionItem>[] = [
    {
      title: '版本',
      dataIndex: 'version',
      width: 110,
      render: (_, row) => (
        <Space size={4}>
          第 {row.version} 版{row.version === currentVersion && <Tag color="green">当前</Tag>}
        </Space>
      ),
    },
    { title: '说明', dataIndex: 'note', ellipsis: true },
    { title: '保存人', dataIndex: 'createdBy', width: 120 },
    { title: '保存时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    {
      title: '操作',
      valueType: 'option',
      width: 170,
      render: (_, row) =>
        row.version === currentVersion
          ? [
              <Typography.Text key="current" type="secondary">
                —
              </Typography.Text>,
            ]
          : [
              <a key="diff" onClick={() => compare(row.version, currentVersion)}>
                与当前对比
              </a>,
              <Popconfirm
                key="restore"
                title={`恢复第 ${row.version} 版的内容？`}
                description="将以该内容生成一个新版本，历史不会丢失。"
                onConfirm={() => restore(row.version)}
              >
                <a>恢复</a>
              </Popconfirm>,
            ],
    },
  ];

  return (
    <Drawer open onClose={onClose} width={880} title={`${CONTENT_TEXT.history}：${script.name}`} destroyOnHidden>
      <ProTable<ScriptVersionItem>
        rowKey="version"
        actionRef={actionRef}
        columns={columns}
        search={false}
        options={tableOptions}
        pagination={tablePagination}
        {...list}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected((keys as number[]).slice(-2)),
          hideSelectAll: true,
        }}
        tableAlertRender={false}
        headerTitle="勾选两个版本可对比差异"
        toolBarRender={() => [
          <Button key="compare" type="primary" disabled={selected.length !== 2} onClick={() => compare(selected[0], selected[1])}>
            {CONTENT_TEXT.compare}所选版本
          </Button>,
        ]}
      />
      <DiffModal comparison={comparison} onClose={() => setComparison(null)} />
    </Drawer>
  );
}
