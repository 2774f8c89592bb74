/** How money rows read on the ledger and approval screens: signed amounts, kinds, statuses, cards. */
import type { ProDescriptionsItemProps } from '@ant-design/pro-components';
import { Tag, Typography } from 'antd';
import { NO_WRAP } from '@/kit/tableWidth';
import { maskedCard, type HoldStatus, type WithdrawalStatus } from '#contract/ledger';
import { WITHDRAWAL_COLUMNS as W } from '#contract/text/exports';
import { HOLD_STATUS_LABELS, LEDGER_KIND_LABELS, WITHDRAWAL_STATUS_LABELS } from '#contract/text/ledger';
import type { Withdrawal } from '#contract/api/withdrawal';
import { formatYuan } from '#contract/money';
import dayjs from '@/kit/dayjs';
import { valueEnumOf } from '@/kit/valueEnum';

/** `+29.90` in green, `-30.00` in red. */
export function SignedYuan({ cents }: { cents: number }) {
  return (
    <Typography.Text type={cents < 0 ? 'danger' : 'success'} strong style={NO_WRAP}>
      {cents > 0 ? '+' : ''}
      {formatYuan(cents)}
    </Typography.Text>
  );
}

export const kindValueEnum = valueEnumOf(LEDGER_KIND_LABELS);

const HOLD_COLORS: Record<HoldStatus, string> = { held: 'gold', released: 'green', cancelled: 'default', review: 'volcano' };

/** A commission's hold: 待结算 with the day it becomes payable, 已结算, 已取消, or 待审核 (a flagged referral's); nothing for other entries. */
export function HoldTag({ status, availableAt }: { status: HoldStatus | null; availableAt: string | null }) {
  if (!status) return null;
  const label = HOLD_STATUS_LABELS[status];
  return (
    <Tag color={HOLD_COLORS[status]} style={{ ...NO_WRAP, marginInlineEnd: 0 }}>
      {status === 'held' && availableAt ? `${label} · ${dayjs(availableAt).format('MM-DD')} 可提现` : label}
    </Tag>
  );
}

const STATUS_BADGES: Record<WithdrawalStatus, 'Processing' | 'Success' | 'Error' | 'Default'> = {
  pending: 'Processing',
  approved: 'Default',
  rejected: 'Error',
  paid: 'Success',
};

export const statusValueEnum = valueEnumOf(WITHDRAWAL_STATUS_LABELS, STATUS_BADGES);

export const cardLabel = (card: Withdrawal['card']) => `${card.bank} ${maskedCard(card.last4)}`;

export const dateTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '-');

/** Every field of one withdrawal, for the 详情 drawer; the applicant only where staff review others'. */
export function withdrawalDetailColumns(withApplicant: boolean): ProDescriptionsItemProps<Withdrawal>[] {
  return [
    ...(withApplicant ? [{ title: W.username, dataIndex: 'username' }] : []),
    { title: W.amount, dataIndex: 'amountCents', render: (_, row) => formatYuan(row.amountCents) },
    { title: W.fee, dataIndex: 'feeCents', render: (_, row) => formatYuan(row.feeCents) },
    { title: W.payout, dataIndex: 'feeCents', render: (_, row) => formatYuan(row.amountCents - row.feeCents) },
    { title: W.status, dataIndex: 'status', valueType: 'select', valueEnum: statusValueEnum },
    { title: W.card, dataIndex: 'card', render: (_, row) => cardLabel(row.card) },
    { title: W.holder, dataIndex: ['card', 'holder'] },
    { title: W.createdAt, dataIndex: 'createdAt', render: (_, row) => dateTime(row.createdAt) },
    { title: W.note, dataIndex: 'note', render: (_, row) => row.note || '-' },
    { title: W.reviewer, dataIndex: 'reviewer', render: (_, row) => row.reviewer ?? '-' },
    { title: W.reviewedAt, dataIndex: 'reviewedAt', render: (_, row) => dateTime(row.reviewedAt) },
    { title: W.reason, dataIndex: 'reason', render: (_, row) => row.reason ?? '-' },
  ];
}
