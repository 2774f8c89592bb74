/** The withdrawal dialog: a payout card (the default one first) and an amount in yuan, at most the balance. */
import { ModalForm, ProFormSelect, ProFormText, ProFormTextArea, type ProFormInstance } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { Alert, Button } from 'antd';
import { useRef, useState } from 'react';
import { maskedCard, WITHDRAWAL_NOTE_MAX } from '#contract/ledger';
import { formatYuan, parseYuan } from '#contract/money';
import { LIMITS, limitText } from '#contract/rules';
import { BALANCE_TEXT, WITHDRAWAL_RULE_TEXT } from '#contract/text/ledger';
import { withFieldErrors } from '@/services/request';
import { tryCall } from '@/services/tryCall';
import { act } from '@/kit/act';
import type { LedgerBalance } from '#contract/api/ledger';

interface Values {
  cardId: number;
  amount: string;
  note?: string;
}

/** The withdrawal rules of 系统参数 as `ledger/balance` answers them. */
export type WithdrawalRules = Pick<LedgerBalance, 'minWithdrawalCents' | 'withdrawalFeeCents' | 'dailyRemainingCents'>;

const NO_RULES: WithdrawalRules = { minWithdrawalCents: 1, withdrawalFeeCents: 0, dailyRemainingCents: Number.MAX_SAFE_INTEGER };

/** Why the typed amount can not be withdrawn, or null (the server's rules, said before sending). */
export function amountProblem(text: string | undefined, balanceCents: number, rules: WithdrawalRules = NO_RULES): string | null {
  if (!text || !text.trim()) return '请输入提现金额';
  const cents = parseYuan(text);
  if (cents === null) return '请输入正确的金额（最多两位小数）';
  if (cents <= 0) return '提现金额应大于 0';
  if (cents > LIMITS.withdrawalYuan.max * 100) return limitText(LIMITS.withdrawalYuan);
  if (cents > balanceCents) return `超过可提现余额（¥${formatYuan(balanceCents)}）`;
  if (cents < rules.minWithdrawalCents) return WITHDRAWAL_RULE_TEXT.belowMinimum(formatYuan(rules.minWithdrawalCents));
  if (cents <= rules.withdrawalFeeCents) return WITHDRAWAL_RULE_TEXT.notAboveFee(formatYuan(rules.withdrawalFeeCents));
  if (cents > rules.dailyRemainingCents) return WITHDRAWAL_RULE_TEXT.overDailyCap(formatYuan(rules.dailyRemainingCents));
  return null;
}

/** The line under the amount: the rules, and what reaches the card once an amount is typed. */
function rulesHint(rules: WithdrawalRules, amount: string | undefined): string {
  const parts = [`最低 ¥${formatYuan(rules.minWithdrawalCents)}`, `今日还可提现 ¥${formatYuan(rules.dailyRemainingCents)}`];
  if (rules.withdrawalFeeCents > 0) {
    parts.push(`手续费 ¥${formatYuan(rules.withdrawalFeeCents)}/笔`);
    const cents = amount ? parseYuan(amount) : null;
    if (cents !== null && cents > rules.withdrawalFeeCents) parts.push(`实际到账 ¥${formatYuan(cents - rules.withdrawalFeeCents)}`);
  }
  return parts.join('，');
}

export default function WithdrawForm({
  balanceCents,
  rules = NO_RULES,
  disabled,
  onDone,
}: {
  balanceCents: number;
  rules?: WithdrawalRules;
  disabled: boolean;
  onDone: () => void;
}) {
  const form = useRef<ProFormInstance<Values>>();
  const [amount, setAmount] = useState<string>();
  const allCents = Math.min(balanceCents, rules.dailyRemainingCents);
  return (
    <ModalForm<Values>
      title={BALANCE_TEXT.withdrawTitle}
      width={480}
      formRef={form}
      onValuesChange={(changed: Partial<Values>) => 'amount' in changed && setAmount(changed.amount)}
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
        extra={rulesHint(rules, amount)}
        fieldProps={{
          prefix: '¥',
          inputMode: 'decimal',
          suffix: (
            <a
              onClick={() => {
                const all = formatYuan(allCents).replace(/,/g, '');
                form.current?.setFieldsValue({ amount: all });
                setAmount(all);
              }}
            >
              {BALANCE_TEXT.withdrawAll}
            </a>
          ),
        }}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = amountProblem(value, balanceCents, rules);
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
