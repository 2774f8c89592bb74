/** The list of one kind of script (action or link) with create, edit, history, rename and enable. */
import { ModalForm, PageContainer, ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useAccess, useModel, useRouteProps } from '@umijs/max';
import { Button, Form, Popconfirm, Space, Switch, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { tryCall } from '@/services/tryCall';
import { SCRIPT_NAME_MAX, SCRIPT_NOTE_MAX, scriptContentProblem, type ScriptKind } from '#contract/content';
import {
  CONTENT_TEXT,
  REVIEW_UI_TEXT,
  ROLLOUT_UI_TEXT,
  SCRIPT_HEALTH_TEXT,
  SCRIPT_KIND_LABELS,
  scriptChangeNotice,
} from '@/locales/zh-CN/content';
import { act } from '@/kit/act';
import type { ScriptListItem } from '#contract/api/script';
import { usePagedList } from '@/services/usePagedList';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import { JsonEditor } from './lazyEditors';
import ScriptEditorDrawer from './ScriptEditorDrawer';
import ScriptHistoryDrawer from './ScriptHistoryDrawer';
import ScriptReviewDrawer from './ScriptReviewDrawer';
import { useFieldErrors } from '@/services/fieldErrors';
import { message, modal } from '@/kit/feedback';
import MoreActions from '@/components/MoreActions';
import { destroyOnHidden } from '@/kit/dialogForm';
import { EDITOR_SITE_RULES } from './scriptLint';
import { HealthTag, healthById } from './scriptHealth';
import { useRequest } from 'ahooks';

/** A new script's starting text (docs/plugin-scripts.md describes the steps). */
const NEW_SCRIPT_CONTENT: Record<ScriptKind, string> = {
  action: '{\n  "flow": "bind",\n  "steps": [\n    \n  ]\n}',
  url: '{\n  "links": [\n    { "match": ["https://seller.example.com/*"], "flow": "bind", "action": "读取店铺信息" }\n  ]\n}',
};

/** The same check as the server's: JSON, then the step language of this kind. */
const scriptRule = (kind: ScriptKind) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = scriptContentProblem(kind, value ?? '', EDITOR_SITE_RULES);
    if (problem) throw new Error(problem);
  },
});

const nameRules = [
  { required: true, whitespace: true, message: '请输入脚本名称' },
  { max: SCRIPT_NAME_MAX, message: `不能超过 ${SCRIPT_NAME_MAX} 个字符` },
];

function CreateScriptModal({ kind, onCreated }: { kind: ScriptKind; onCreated: () => void }) {
  const fieldErrors = useFieldErrors();
  return (
    <ModalForm<{ name: string; content: string; note?: string }>
      name="script-new"
      title={`${CONTENT_TEXT.newScript}（${SCRIPT_KIND_LABELS[kind]}）`}
      width={760}
      modalProps={destroyOnHidden()}
      initialValues={{ content: NEW_SCRIPT_CONTENT[kind] }}
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          {CONTENT_TEXT.newScript}
        </Button>
      }
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap(async (values) => {
        const created = await tryCall('script/create', {
          kind,
          name: values.name.trim(),
          content: values.content,
          note: values.note?.trim() || undefined,
        });
        if (!created) return false;
        message.success(scriptChangeNotice('脚本已创建', created.pending));
        onCreated();
        return true;
      })}
    >
      <ProFormText name="name" label="名称" placeholder="如：批量邀请达人" rules={nameRules} />
      <Form.Item name="content" label="JSON 内容" rules={[scriptRule(kind)]} validateTrigger="onSubmit">
        <JsonEditor value="" height="320px" kind={kind} />
      </Form.Item>
      <ProFormText name="note" label="版本说明" placeholder="可选" fieldProps={{ maxLength: SCRIPT_NOTE_MAX }} />
    </ModalForm>
  );
}

function RenameModal({ script, onDone }: { script: ScriptListItem; onDone: () => void }) {
  const fieldErrors = useFieldErrors();
  return (
    <ModalForm<{ name: string }>
      name={`script-${script.id}`}
      title="重命名脚本"
      width={420}
      modalProps={destroyOnHidden()}
      initialValues={{ name: script.name }}
      trigger={<a>重命名</a>}
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap(async ({ name }) => {
        const renamed = await tryCall('script/rename', { id: script.id, name: name.trim() });
        if (!renamed) return false;
        message.success(scriptChangeNotice('已重命名', renamed.pending));
        onDone();
        return true;
      })}
    >
      <ProFormText name="name" label="名称" rules={nameRules} />
    </ModalForm>
  );
}

function EnabledSwitch({ script, onDone }: { script: ScriptListItem; onDone: () => void }) {
  const [loading, setLoading] = useState(false);
  const change = async (enabled: boolean) => {
    setLoading(true);
    try {
      const changed = await tryCall('script/setEnabled', { id: script.id, enabled });
      if (changed) {
        message.success(scriptChangeNotice(enabled ? '已启用' : '已停用', changed.pending));
        onDone();
      }
    } finally {
      setLoading(false);
    }
  };
  const toggle = <Switch checked={script.enabled} loading={loading} checkedChildren="启用" unCheckedChildren="停用" />;
  return script.enabled ? (
    <Popconfirm title="停用该脚本？" description="审核通过后插件不再下载它。" onConfirm={() => change(false)}>
      {toggle}
    </Popconfirm>
  ) : (
    <span onClick={() => change(true)}>{toggle}</span>
  );
}

/** A select filter's value (`'true'`, `true`, `''`…) as the call's boolean, or absent. */
const booleanFilter = (value: unknown) => (value === undefined || value === '' ? undefined : value === true || value === 'true');

/** 灰度中: its new version goes to a cohort only (contract/rollout.ts). */
function CanaryTag({ rollout }: { rollout: NonNullable<ScriptListItem['rollout']> }) {
  return (
    <Tooltip title={ROLLOUT_UI_TEXT.canaryTip(rollout.version, rollout.stableVersion, rollout.usernames, rollout.percent)}>
      <Tag color="blue">{ROLLOUT_UI_TEXT.canary}</Tag>
    </Tooltip>
  );
}

/** 全量发布 and 回滚 of a running canary under 灰度 ▾, each after a confirmation (审核脚本). */
function RolloutActions({ script, onDone }: { script: ScriptListItem; onDone: () => void }) {
  const rollout = script.rollout!;
  return (
    <MoreActions
      label={ROLLOUT_UI_TEXT.actions}
      actions={[
        {
          key: 'promote',
          label: ROLLOUT_UI_TEXT.promote,
          onClick: () => {
            modal.confirm({
              title: ROLLOUT_UI_TEXT.promoteConfirm(rollout.version),
              okText: ROLLOUT_UI_TEXT.promote,
              onOk: () => act('script/promote', { id: script.id }, ROLLOUT_UI_TEXT.promoted, onDone),
            });
          },
        },
        {
          key: 'rollback',
          label: ROLLOUT_UI_TEXT.rollback,
          danger: true,
          onClick: () => {
            modal.confirm({
              title: ROLLOUT_UI_TEXT.rollbackConfirm(rollout.stableVersion),
              okText: ROLLOUT_UI_TEXT.rollback,
              okButtonProps: { danger: true },
              onOk: () => act('script/rollback', { id: script.id }, ROLLOUT_UI_TEXT.rolledBack, onDone),
            });
          },
        },
      ]}
    />
  );
}

/** 待审核 (with who changed it), 灰度中 or 已生效: whether the plug-in already receives what the list shows. */
function ReviewState({ script }: { script: ScriptListItem }) {
  const canary = script.rollout && <CanaryTag rollout={script.rollout} />;
  if (!script.pending) return canary || <Tag color="green">{REVIEW_UI_TEXT.live}</Tag>;
  const served = script.liveVersion === null ? '插件尚未收到此脚本' : `插件仍使用第 ${script.liveVersion} 版`;
  const pending = (
    <Tooltip title={`${script.pendingAuthors.join('、')} 的改动待审核；${served}`}>
      <Tag color="orange">{REVIEW_UI_TEXT.pending}</Tag>
    </Tooltip>
  );
  return canary ? (
    <Space size={0} wrap>
      {canary}
      {pending}
    </Space>
  ) : (
    pending
  );
}

export default function ScriptScreen({ kind }: { kind: ScriptKind }) {
  const { title } = useRouteProps();
  const actionRef = useRef<ActionType>();
  const [editing, setEditing] = useState<number | null>(null);
  const [history, setHistory] = useState<ScriptListItem | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const access = useAccess();
  const reload = () => actionRef.current?.reload();
  const { refreshScripts } = useModel('extension');
  // The health of the version each script serves the plug-in: a column beside the list's own rows.
  const { data: healthRows } = useRequest(() => tryCall('script/healthOverview', { kind }), { refreshDeps: [kind] });
  const health = healthById(healthRows);
  /** A script changed: the list shows it, and a plug-in connected to this browser fetches its scripts now. */
  const changed = () => {
    void reload();
    void refreshScripts();
  };

  const columns: ProColumns<ScriptListItem>[] = [
    { title: '名称', dataIndex: 'name', ellipsis: true },
    { title: '版本', dataIndex: 'currentVersion', search: false, width: 90, render: (_, row) => `第 ${row.currentVersion} 版` },
    {
      title: '审核',
      dataIndex: 'pending',
      width: 136,
      valueType: 'select',
      valueEnum: { true: { text: REVIEW_UI_TEXT.pending }, false: { text: REVIEW_UI_TEXT.live } },
      render: (_, row) => <ReviewState script={row} />,
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 100,
      valueType: 'select',
      valueEnum: { true: { text: '启用', status: 'Success' }, false: { text: '停用', status: 'Default' } },
      render: (_, row) => <EnabledSwitch script={row} onDone={changed} />,
    },
    {
      title: SCRIPT_HEALTH_TEXT.column,
      key: 'health',
      search: false,
      width: 110,
      render: (_, row) => {
        const found = health.get(row.id);
        return <HealthTag health={found} failingSteps={found?.failingSteps} />;
      },
    },
    { title: '最后修改人', dataIndex: 'updatedBy', search: false, width: 120 },
    { title: '更新时间', dataIndex: 'updatedAt', valueType: 'dateTime', search: false, width: 170 },
    {
      title: '操作',
      valueType: 'option',
      width: 230,
      render: (_, row) => [
        <a key="edit" onClick={() => setEditing(row.id)}>
          编辑
        </a>,
        <a key="history" onClick={() => setHistory(row)}>
          {CONTENT_TEXT.history}
        </a>,
        <RenameModal key="rename" script={row} onDone={changed} />,
        access.canApproveScript && row.pending && (
          <a key="review" onClick={() => setReviewing(row.id)}>
            {REVIEW_UI_TEXT.review}
          </a>
        ),
        access.canApproveScript && row.rollout && <RolloutActions key="rollout" script={row} onDone={changed} />,
      ],
    },
  ];

  const list = usePagedList('script/list', {
    toBody: (params) => ({
      ...params,
      kind,
      enabled: booleanFilter(params.enabled),
      pending: booleanFilter(params.pending),
    }),
    actionRef,
    emptyText: '暂无脚本，点击右上角新建',
  });
  return (
    <PageContainer title={title}>
      <ListTable<ScriptListItem>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        {...list}
        search={{ labelWidth: 'auto' }}
        scroll={TABLE_SCROLL}
        toolBarRender={() => [<CreateScriptModal key="create" kind={kind} onCreated={changed} />]}
      />
      <ScriptEditorDrawer scriptId={editing} onClose={() => setEditing(null)} onSaved={changed} />
      <ScriptHistoryDrawer script={history} onClose={() => setHistory(null)} onRestored={changed} />
      <ScriptReviewDrawer scriptId={reviewing} onClose={() => setReviewing(null)} onApproved={changed} />
    </PageContainer>
  );
}
