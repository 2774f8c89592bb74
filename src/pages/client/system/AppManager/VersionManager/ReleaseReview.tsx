/**
 * 审核 of a release's pending request (four-eyes, contract/review.ts): what publishing, withdrawing
 * or the edit of a served release would change, approved by an account that did not ask for it.
 */
import { Descriptions, Modal, Space, Typography } from 'antd';
import type { Release } from '#contract/api/appVersion';
import { RELEASE_CHANGE_LABELS } from '#contract/review';
import { act } from '@/kit/act';
import { REVIEW_UI_TEXT } from '@/locales/zh-CN/content';
import ReviewApproval from '@/components/ReviewApproval';
import dayjs from '@/kit/dayjs';

const FIELD_LABELS = { changelog: '更新说明', downloadUrl: '下载地址', minSupportedVersion: '最低支持版本' } as const;
type Field = keyof typeof FIELD_LABELS;
const FIELDS = Object.keys(FIELD_LABELS) as Field[];

const EFFECTS = {
  publish: '通过后插件即可获取此版本，脚本清单冻结，所有账号收到新版本通知。',
  withdraw: '通过后插件不再获取此版本。',
  update: '通过后插件获取到的此版本信息随之更新；最低支持版本以下的插件须升级。',
} as const;

const shown = (text: string) => (text ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Typography.Text> : '（空）');

function RequestDetails({ release }: { release: Release }) {
  const change = release.pendingChange!;
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="申请">
        {RELEASE_CHANGE_LABELS[change.action]}版本 {release.version}
      </Descriptions.Item>
      <Descriptions.Item label="申请人">
        {release.pendingBy ?? '—'}
        {release.pendingAt && `，${dayjs(release.pendingAt).format('YYYY-MM-DD HH:mm')}`}
      </Descriptions.Item>
      {FIELDS.map((field) => {
        const now = release[field];
        const next = change.action === 'update' ? change[field] : now;
        return (
          <Descriptions.Item key={field} label={FIELD_LABELS[field]}>
            {next === now ? (
              shown(now)
            ) : (
              <Space direction="vertical" size={2}>
                <Typography.Text delete type="secondary">
                  {now || '（空）'}
                </Typography.Text>
                <Typography.Text strong>{shown(next)}</Typography.Text>
              </Space>
            )}
          </Descriptions.Item>
        );
      })}
      <Descriptions.Item label="脚本数">{release.scriptCount}</Descriptions.Item>
    </Descriptions>
  );
}

interface Props {
  release: Release | null;
  onClose: () => void;
  onApproved: () => void;
}

export default function ReleaseReview({ release, onClose, onApproved }: Props) {
  const change = release?.pendingChange;
  const approve = async (reason: string | undefined) => {
    if (!release) return;
    await act('appVersion/approve', { id: release.id, revision: release.revision, reason }, REVIEW_UI_TEXT.releaseApproved, () => {
      onApproved();
      onClose();
    });
  };
  return (
    <Modal
      open={Boolean(release && change)}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
      title={
        release && change ? `${REVIEW_UI_TEXT.review}：${RELEASE_CHANGE_LABELS[change.action]} ${release.version}` : REVIEW_UI_TEXT.review
      }
    >
      {release && change && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <RequestDetails release={release} />
          <Typography.Text type="secondary">{EFFECTS[change.action]}</Typography.Text>
          <ReviewApproval authors={release.pendingBy ? [release.pendingBy] : []} onApprove={approve} />
        </Space>
      )}
    </Modal>
  );
}
