/**
 * 发布范围 in a script's review: every account at once, or a staged rollout (contract/rollout.ts) to
 * named accounts and a share of all accounts first. A change that can not be rolled out in stages
 * says why (rolloutBlocker, the server's own rule).
 */
import { Form, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { ROLLOUT_ACCOUNTS_MAX, type RolloutBlocker } from '#contract/rollout';
import { ROLLOUT_BLOCKER_TEXT, ROLLOUT_EMPTY_TEXT } from '#contract/text/rollout';
import { ROLLOUT_UI_TEXT as TEXT } from '@/locales/zh-CN/content';

export interface RolloutValue {
  staged: boolean;
  usernames: string[];
  percent: number;
}

export const ALL_AT_ONCE: RolloutValue = { staged: false, usernames: [], percent: 0 };

/** Why the choice can not be sent, or null. */
export const rolloutProblem = (value: RolloutValue): string | null =>
  value.staged && value.usernames.length === 0 && value.percent === 0 ? ROLLOUT_EMPTY_TEXT : null;

/** The approval's `rollout`, or undefined for every account at once. */
export const rolloutBody = (value: RolloutValue) =>
  value.staged ? { usernames: value.usernames.map((name) => name.trim()).filter(Boolean), percent: value.percent } : undefined;

interface Props {
  value: RolloutValue;
  onChange: (value: RolloutValue) => void;
  blocker: RolloutBlocker | null;
  /** Show the problem (the reviewer tried to approve). */
  touched: boolean;
}

export default function RolloutChoice({ value, onChange, blocker, touched }: Props) {
  const problem = touched ? rolloutProblem(value) : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form.Item label={TEXT.scope} style={{ marginBottom: 0 }}>
        <Radio.Group
          value={value.staged}
          onChange={(event) => onChange({ ...value, staged: event.target.value as boolean })}
          options={[
            { value: false, label: TEXT.everyone },
            { value: true, label: TEXT.staged, disabled: blocker !== null },
          ]}
        />
      </Form.Item>
      {blocker && <Typography.Text type="secondary">{ROLLOUT_BLOCKER_TEXT[blocker]}</Typography.Text>}
      {value.staged && (
        <>
          <Typography.Text type="secondary">{TEXT.stagedHelp}</Typography.Text>
          <Form.Item label={TEXT.accounts} style={{ marginBottom: 0 }} validateStatus={problem ? 'error' : undefined} help={problem}>
            <Select
              mode="tags"
              aria-label={TEXT.accounts}
              value={value.usernames}
              onChange={(usernames: string[]) => onChange({ ...value, usernames: usernames.slice(0, ROLLOUT_ACCOUNTS_MAX) })}
              tokenSeparators={[',', '，', ' ']}
              placeholder={TEXT.accountsPlaceholder}
              open={false}
              suffixIcon={null}
            />
          </Form.Item>
          <Form.Item label={TEXT.percent} style={{ marginBottom: 0 }}>
            <InputNumber
              aria-label={TEXT.percent}
              min={0}
              max={100}
              precision={0}
              value={value.percent}
              onChange={(percent) => onChange({ ...value, percent: percent ?? 0 })}
              addonAfter="%"
            />
          </Form.Item>
        </>
      )}
    </Space>
  );
}
