/** The withdrawal dialog: a payout card (the default one first) and an amount in yuan, at most the balance. */
import { ModalForm, ProFormSelect, ProFormText, ProFormTextArea, type ProFormInstance } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { Alert, Button } from 'antd';
import { useRef } from 'react';
import { maskedCard, WITHDRAWAL_NOTE_MAX } from '#contract/ledger';
import { formatYuan, parseYuan } from '#contract/money';
import { LIMITS, limitText } from '#contract/rules';
import { BALANCE_TEXT } from '#contract/text/ledger';
import { withFieldErrors } from '@/services/request';
import { tryCall } from '@/services/tryCall';
import { act } from '@/kit/act';

interface Values {
  cardId: number;
  amount: string;
  note?: string;
}

/** Why the typed amount can not be withdrawn, or null. */
export function amountProblem(text: string | undefined, balanceCents: number): string | null {
  if (!text || !text.trim()) return '请输入提现金额';
  const cents = parseYuan(text);
  if (cents === null) return '请输入正确的金额（最多两位小数）';
  if (cents <= 0) return '提现金额应大于 0';
  if (cents > LIMITS.withdrawalYuan.max * 100) return limitText(LIMITS.withdrawalYuan);
  if (cents > balanceCents) return `超过可提现余额（¥${formatYuan(balanceCents)}）`;
  return null;
}

export default function WithdrawForm({ balanceCents, disabled, onDone }: { balanceCents: number; disabled: boolean; onDone: () => void }) {
  const form = useRef<ProFormInstance<Values>>();
  return (
    <ModalForm<Values>
      title={BALANCE_TEXT.withdrawTitle}
      width={480}
      formRef={form}
      trigger={
        <Button type="primary" disabled={disabled}>
          {BALANCE_TEXT.withdraw}
        </Button>
      }
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      onFinish={withFieldErrors(form, async (values) => {
        const body = {
          cardId: values.cardId,
          amountCents: parseYuan(values.amount)!,
          ...(values.note?.trim() ? { note: values.note.trim() } : {}),
        };
        return Boolean(await act('withdrawal/request', body, BALANCE_TEXT.requested, onDone));
      })}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`${BALANCE_TEXT.balance}：¥${formatYuan(balanceCents)}`} />
      <ProFormSelect<number>
        name="cardId"
        label={BALANCE_TEXT.card}
        placeholder="请选择收款银行卡"
        rules={[{ required: true, message: '请选择收款银行卡' }]}
        request={async () => {
          const cards = (await tryCall('bankCard/list', { pageSize: 100 }))?.list ?? [];
          const preferred = cards.find((card) => card.isDefault) ?? cards[0];
          if (preferred) form.current?.setFieldsValue({ cardId: preferred.id });
          return cards.map((card) => ({
            value: card.id,
            label: `${card.bank} ${maskedCard(card.last4)}（${card.holder}）${card.isDefault ? ' 默认' : ''}`,
          }));
        }}
        fieldProps={{
          notFoundContent: (
            <span>
              {BALANCE_TEXT.noCard}
              <Link to="/client/bindCarManager">{BALANCE_TEXT.bindCard}</Link>
            </span>
          ),
        }}
      />
      <ProFormText
        name="amount"
        label={BALANCE_TEXT.amount}
        placeholder="单位：元"
        fieldProps={{
          prefix: '¥',
          inputMode: 'decimal',
          suffix: (
            <a onClick={() => form.current?.setFieldsValue({ amount: formatYuan(balanceCents).replace(/,/g, '') })}>
              {BALANCE_TEXT.withdrawAll}
            </a>
          ),
        }}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = amountProblem(value, balanceCents);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      />
      <ProFormTextArea
        name="note"
        label={BALANCE_TEXT.note}
        placeholder="选填"
        fieldProps={{ maxLength: WITHDRAWAL_NOTE_MAX, showCount: true, rows: 2 }}
      />
    </ModalForm>
  );
}
