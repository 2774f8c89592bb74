/**
 * The approve button of a four-eyes review (contract/review.ts) with what the reviewer must know:
 * a change they took part in is not theirs to approve; the super administrator may, in an
 * emergency, with a reason that is audited and announced to the other approvers.
 */
import { useAccess, useModel } from '@umijs/max';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { SELF_APPROVAL_REASON_MAX } from '#contract/review';
import { REVIEW_UI_TEXT } from '@/locales/zh-CN/content';

interface Props {
  /** Usernames of the accounts whose change it is. */
  authors: readonly string[];
  /** Resolves when the call is done (its answer shown by the caller). */
  onApprove: (reason: string | undefined) => Promise<unknown>;
}

export default function ReviewApproval({ authors, onApprove }: Props) {
  const access = useAccess();
  const username = useModel('@@initialState').initialState?.username;
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const own = username !== undefined && authors.includes(username);
  const emergency = own && access.canSeeAdmin;
  if (own && !emergency) return <Alert type="info" showIcon message={REVIEW_UI_TEXT.ownChange} />;
  const missingReason = emergency && !reason.trim();
  const approve = async () => {
    setTouched(true);
    if (missingReason) return;
    setBusy(true);
    try {
      await onApprove(emergency ? reason.trim() : undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {emergency && (
        <>
          <Alert type="warning" showIcon message={REVIEW_UI_TEXT.emergency} />
          <Form.Item
            label={REVIEW_UI_TEXT.reasonLabel}
            required
            validateStatus={touched && missingReason ? 'error' : undefined}
            help={touched && missingReason ? REVIEW_UI_TEXT.reasonRequired : undefined}
            style={{ marginBottom: 0 }}
          >
            <Input.TextArea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={SELF_APPROVAL_REASON_MAX}
              showCount
              autoSize={{ minRows: 2 }}
            />
          </Form.Item>
        </>
      )}
      <Button type="primary" loading={busy} onClick={approve}>
        {REVIEW_UI_TEXT.approve}
      </Button>
    </Space>
  );
}
