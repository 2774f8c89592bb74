/** The dialog that rejects a withdrawal: a reason is required (the salesperson reads it in the ledger). */
import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { Descriptions, Typography } from 'antd';
import { act } from '@/kit/act';
import { REJECT_REASON_MAX } from '#contract/ledger';
import type { Withdrawal } from '#contract/api/withdrawal';
import { formatYuan } from '#contract/money';
import { cardLabel } from '@/kit/ledgerDisplay';
import { APPROVAL_TEXT } from '#contract/text/ledger';
import { useFieldErrors } from '@/services/fieldErrors';

export default function RejectForm({ withdrawal, onDone }: { withdrawal: Withdrawal; onDone: () => void }) {
  const fieldErrors = useFieldErrors();
  return (
    <ModalForm<{ reason: string }>
      title={APPROVAL_TEXT.rejectTitle}
      width={480}
      trigger={<Typography.Link type="danger">{APPROVAL_TEXT.reject}</Typography.Link>}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      submitter={{ searchConfig: { submitText: APPROVAL_TEXT.reject }, submitButtonProps: { danger: true } }}
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap(async ({ reason }) => {
        return Boolean(await act('withdrawal/reject', { id: withdrawal.id, reason: reason.trim() }, APPROVAL_TEXT.rejected, onDone));
      })}
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="申请人">{withdrawal.username}</Descriptions.Item>
        <Descriptions.Item label="金额">¥{formatYuan(withdrawal.amountCents)}</Descriptions.Item>
        <Descriptions.Item label="收款银行卡">{cardLabel(withdrawal.card)}</Descriptions.Item>
      </Descriptions>
      <ProFormTextArea
        name="reason"
        label={APPROVAL_TEXT.reason}
        placeholder="如：户名与实名信息不符"
        fieldProps={{ maxLength: REJECT_REASON_MAX, showCount: true, rows: 3 }}
        rules={[{ required: true, whitespace: true, message: APPROVAL_TEXT.reasonRequired }]}
      />
    </ModalForm>
  );
}
