/**
 * 审核: a script's pending change beside what the plug-in receives now (name, state, version and a
 * diff of the texts), approved by a second account (four-eyes, contract/review.ts), for every
 * account at once or in stages (RolloutChoice).
 */
import { useRequest } from 'ahooks';
import { Descriptions, Drawer, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { rolloutBlocker } from '#contract/rollout';
import RolloutChoice, { ALL_AT_ONCE, rolloutBody, rolloutProblem, type RolloutValue } from './RolloutChoice';
import { tryCall } from '@/services/tryCall';
import { act } from '@/kit/act';
import type { ScriptDetail } from '#contract/api/script';
import { REVIEW_UI_TEXT } from '@/locales/zh-CN/content';
import { REVIEW_TEXT } from '#contract/review';
import ReviewApproval from '@/components/ReviewApproval';
import dayjs from '@/kit/dayjs';
import { formatJson, JsonDiff } from './lazyEditors';

interface Props {
  scriptId: number | null;
  onClose: () => void;
  onApproved: () => void;
}

const enabledText = (enabled: boolean) => (enabled ? '启用' : '停用');

/** `before → after`, or the one value when it did not change. */
function Change({ before, after }: { before: ReactNode; after: ReactNode }) {
  if (before === after) return <>{after}</>;
  return (
    <Space size={4} wrap>
      <Typography.Text delete type="secondary">
        {before}
      </Typography.Text>
      <span aria-hidden>→</span>
      <Typography.Text strong>{after}</Typography.Text>
    </Space>
  );
}

function Review({ script, onApproved }: { script: ScriptDetail; onApproved: () => void }) {
  const neverLive = script.liveVersion === null;
  const [rollout, setRollout] = useState<RolloutValue>(ALL_AT_ONCE);
  const [touched, setTouched] = useState(false);
  const blocker = rolloutBlocker(
    { name: script.liveName, enabled: script.liveEnabled, version: script.liveVersion },
    { name: script.name, enabled: script.enabled, version: script.currentVersion },
  );
  const approve = async (reason: string | undefined) => {
    setTouched(true);
    if (rolloutProblem(rollout)) return;
    await act(
      'script/approve',
      { id: script.id, revision: script.revision, reason, rollout: rolloutBody(rollout) },
      REVIEW_UI_TEXT.scriptApproved,
      onApproved,
    );
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="名称">
          {neverLive ? script.name : <Change before={script.liveName} after={script.name} />}
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          {neverLive ? (
            <Space>
              {enabledText(script.enabled)}
              <Tag>{REVIEW_UI_TEXT.neverLive}</Tag>
            </Space>
          ) : (
            <Change before={enabledText(script.liveEnabled)} after={enabledText(script.enabled)} />
          )}
        </Descriptions.Item>
        <Descriptions.Item label="版本">
          {neverLive ? (
            `第 ${script.currentVersion} 版`
          ) : (
            <Change before={`第 ${script.liveVersion} 版`} after={`第 ${script.currentVersion} 版`} />
          )}
        </Descriptions.Item>
        <Descriptions.Item label="改动人">{script.pendingAuthors.join('、')}</Descriptions.Item>
        {script.approvedBy && (
          <Descriptions.Item label="上次审核">
            {script.approvedBy}，{dayjs(script.approvedAt).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
        )}
      </Descriptions>
      {script.liveContent !== script.content && (
        <>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text type="secondary">左：{REVIEW_UI_TEXT.liveSide}</Typography.Text>
            <Typography.Text type="secondary">右：{REVIEW_UI_TEXT.draftSide}</Typography.Text>
          </Space>
          <JsonDiff original={script.liveContent === null ? '' : formatJson(script.liveContent)} modified={formatJson(script.content)} />
        </>
      )}
      <RolloutChoice value={rollout} onChange={setRollout} blocker={blocker} touched={touched} />
      <ReviewApproval authors={script.pendingAuthors} onApprove={approve} />
    </Space>
  );
}

export default function ScriptReviewDrawer({ scriptId, onClose, onApproved }: Props) {
  const { data: script, loading } = useRequest(
    async () => {
      if (scriptId === null) return undefined;
      return tryCall('script/get', { id: scriptId });
    },
    { refreshDeps: [scriptId] },
  );
  const shown = script && script.id === scriptId ? script : undefined;
  return (
    <Drawer
      open={scriptId !== null}
      onClose={onClose}
      width={960}
      destroyOnHidden
      title={shown ? `${REVIEW_UI_TEXT.review}：${shown.name}` : REVIEW_UI_TEXT.review}
      loading={loading && !shown}
    >
      {shown &&
        (shown.pending ? (
          <Review
            script={shown}
            onApproved={() => {
              onApproved();
              onClose();
            }}
          />
        ) : (
          <Typography.Text type="secondary">{REVIEW_TEXT.nothingPending}</Typography.Text>
        ))}
    </Drawer>
  );
}
