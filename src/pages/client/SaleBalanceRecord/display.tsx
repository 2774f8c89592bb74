/** How money rows read on the ledger and approval screens: signed amounts, kinds, statuses, cards. */
import { Typography } from 'antd';
import { maskedCard, type WithdrawalStatus } from '#contract/ledger';
import { LEDGER_KIND_LABELS, WITHDRAWAL_STATUS_LABELS } from '@/locales/zh-CN/ledger';
import type { Withdrawal } from '#contract/api/withdrawal';
import { formatYuan } from '#contract/money';
import dayjs from '@/utils/dayjs';

/** `+29.90` in green, `-30.00` in red. */
export function SignedYuan({ cents }: { cents: number }) {
  return (
    <Typography.Text type={cents < 0 ? 'danger' : 'success'} strong>
      {cents > 0 ? '+' : ''}
      {formatYuan(cents)}
    </Typography.Text>
  );
}

export const kindValueEnum = Object.fromEntries(
  Object.entries(LEDGER_KIND_LABELS).map(([kind, text]) => [kind, { text }]),
);

const STATUS_BADGES: Record<WithdrawalStatus, 'Processing' | 'Success' | 'Error' | 'Default'> = {
  pending: 'Processing',
  approved: 'Default',
  rejected: 'Error',
  paid: 'Success',
};

export const statusValueEnum = Object.fromEntries(
  Object.entries(WITHDRAWAL_STATUS_LABELS).map(([status, text]) => [
    status,
    { text, status: STATUS_BADGES[status as WithdrawalStatus] },
  ]),
);

export const cardLabel = (card: Withdrawal['card']) => `${card.bank} ${maskedCard(card.last4)}`;

export const dateTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '-');

/** A ProTable `dateRange` value ('YYYY-MM-DD' pair) as the `{ from, to }` of a call, in the viewer's zone. */
export function dayRange(range: unknown): { from?: string; to?: string } {
  if (!Array.isArray(range) || range.length !== 2 || !range[0] || !range[1]) return {};
  return {
    from: dayjs(range[0]).startOf('day').toISOString(),
    to: dayjs(range[1]).add(1, 'day').startOf('day').toISOString(),
  };
}
