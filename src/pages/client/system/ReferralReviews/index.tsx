/**
 * `/client/system/referralReviews` 推荐审核: the referrals flagged when they registered (why, from
 * where, what they hold), open ones first; 通过 or 作废 with an optional note for holders of the
 * action, each confirmed in a dialog that says what it does to the commissions.
 */
import { ModalForm, PageContainer, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Alert, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import ListTable from '@/components/ListTable';
import { act } from '@/kit/act';
import dayjs from '@/kit/dayjs';
import { dateTime } from '@/kit/ledgerDisplay';
import { NO_WRAP, tableWidth } from '@/kit/tableWidth';
import { describeAgent } from '@/kit/userAgent';
import { valueEnumOf } from '@/kit/valueEnum';
import { usePagedList } from '@/services/usePagedList';
import type { ReferralReview } from '#contract/api/referralReview';
import { formatYuan } from '#contract/money';
import { REFERRAL_NOTE_MAX, type ReferralReviewStatus } from '#contract/referrals';
import { REFERRAL_FLAG_HELP, REFERRAL_FLAG_LABELS, REFERRAL_REVIEW_STATUS_LABELS } from '#contract/text/referrals';

export const REFERRAL_REVIEW_UI_TEXT = {
  title: '推荐审核',
  hint: '注册时疑似自推荐（与推荐销售同一网络、同一设备或相似邮箱）或同一网络批量注册的推荐会列在这里；处理前，其订单佣金保持“待审核”，不能提现。',
  clear: '通过',
  void: '作废',
  clearTitle: (member: string) => `通过推荐：${member}`,
  voidTitle: (member: string) => `作废推荐：${member}`,
  clearEffect: (held: string) => `待审核的佣金（${held}）转为待结算，按佣金结算期结算；以后的订单照常计佣。`,
  voidEffect: (held: string) => `待审核的佣金（${held}）将被取消，并解除该账号与销售的推荐关系，以后的订单不再计佣。此操作不能撤销。`,
  notePlaceholder: '备注（选填），例如核实情况',
  cleared: '已通过，佣金转为待结算',
  voided: '已作废，佣金已取消',
  empty: '没有需要审核的推荐',
  keyword: '账号或销售',
} as const;
const TEXT = REFERRAL_REVIEW_UI_TEXT;

const STATUS_COLORS: Record<ReferralReviewStatus, string> = { open: 'warning', cleared: 'success', voided: 'default' };
const statusEnum = valueEnumOf(REFERRAL_REVIEW_STATUS_LABELS);

type Outcome = 'clear' | 'void';

/** A name, an address or a browser cut to the column with an ellipsis, whole in its tooltip. */
function Clipped({ text, width, secondary, tooltip = text }: { text: string; width: number; secondary?: boolean; tooltip?: string }) {
  return (
    <Typography.Text type={secondary ? 'secondary' : undefined} style={{ maxWidth: width }} ellipsis={{ tooltip: tooltip || undefined }}>
      {text}
    </Typography.Text>
  );
}

function DecisionDialog({
  review,
  outcome,
  onClose,
  onDone,
}: {
  review: ReferralReview;
  outcome: Outcome;
  onClose: () => void;
  onDone: () => void;
}) {
  const held = `${review.heldCommissions} 笔，¥${formatYuan(review.heldCents)}`;
  return (
    <ModalForm<{ note?: string }>
      open
      width={480}
      title={outcome === 'clear' ? TEXT.clearTitle(review.memberName) : TEXT.voidTitle(review.memberName)}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      submitter={{
        searchConfig: { submitText: outcome === 'clear' ? TEXT.clear : TEXT.void },
        submitButtonProps: { danger: outcome === 'void' },
      }}
      onFinish={async ({ note }) => {
        const done = await act(
          `referralReview/${outcome}`,
          { id: review.id, note },
          outcome === 'clear' ? TEXT.cleared : TEXT.voided,
          onDone,
        );
        if (done) onClose();
        return Boolean(done);
      }}
    >
      <Alert
        type={outcome === 'clear' ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        message={outcome === 'clear' ? TEXT.clearEffect(held) : TEXT.voidEffect(held)}
      />
      <ProFormTextArea
        name="note"
        label="备注"
        placeholder={TEXT.notePlaceholder}
        fieldProps={{ maxLength: REFERRAL_NOTE_MAX, showCount: true }}
      />
    </ModalForm>
  );
}

export default function ReferralReviewsPage() {
  const access = useAccess();
  const list = usePagedList('referralReview/list', { emptyText: TEXT.empty });
  const [deciding, setDeciding] = useState<{ review: ReferralReview; outcome: Outcome }>();
  const reload = () => list.actionRef.current?.reload();
  const columns: ProColumns<ReferralReview>[] = [
    { title: TEXT.keyword, dataIndex: 'keyword', hideInTable: true, fieldProps: { maxLength: 50 } },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      valueType: 'select',
      valueEnum: statusEnum,
      initialValue: 'open',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATUS_COLORS[row.status]} style={{ marginInlineEnd: 0 }}>
            {REFERRAL_REVIEW_STATUS_LABELS[row.status]}
          </Tag>
          {row.decidedAt && (
            <Tooltip title={row.note || undefined}>
              <Typography.Text
                type="secondary"
                style={NO_WRAP}
              >{`${row.decidedBy ?? '-'} · ${dayjs(row.decidedAt).format('MM-DD HH:mm')}`}</Typography.Text>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '被推荐账号',
      dataIndex: 'memberName',
      width: 170,
      search: false,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Clipped text={row.memberName} width={150} />
          <Clipped text={row.memberEmail} width={150} secondary />
        </Space>
      ),
    },
    {
      title: '推荐销售',
      dataIndex: 'salespersonName',
      width: 110,
      search: false,
      render: (_, row) => <Clipped text={row.salespersonName ?? `#${row.salespersonId}`} width={94} />,
    },
    {
      title: '标记原因',
      dataIndex: 'flags',
      width: 140,
      search: false,
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.flags.map((flag) => (
            <Tooltip key={flag} title={REFERRAL_FLAG_HELP[flag]}>
              <Tag color="volcano" style={{ marginInlineEnd: 0 }}>
                {REFERRAL_FLAG_LABELS[flag]}
              </Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      title: '注册',
      dataIndex: 'registeredAt',
      width: 170,
      search: false,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span style={NO_WRAP}>{dateTime(row.registeredAt)}</span>
          <Clipped text={`${row.ip} · ${describeAgent(row.userAgent)}`} tooltip={row.userAgent} width={150} secondary />
        </Space>
      ),
    },
    {
      title: '待审核佣金',
      dataIndex: 'heldCents',
      width: 100,
      align: 'right',
      search: false,
      render: (_, row) => <span style={NO_WRAP}>{`¥${formatYuan(row.heldCents)}`}</span>,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 100,
      fixed: 'right',
      render: (_, row) =>
        row.status === 'open' && access.canDecideReferralReviews
          ? [
              <a key="clear" onClick={() => setDeciding({ review: row, outcome: 'clear' })}>
                {TEXT.clear}
              </a>,
              <Typography.Link key="void" type="danger" onClick={() => setDeciding({ review: row, outcome: 'void' })}>
                {TEXT.void}
              </Typography.Link>,
            ]
          : [],
    },
  ];
  return (
    <PageContainer title={TEXT.title} content={TEXT.hint}>
      <ListTable<ReferralReview> rowKey="id" columns={columns} {...list} scroll={{ x: tableWidth(columns) }} options={{ reload: true }} />
      {deciding && <DecisionDialog {...deciding} onClose={() => setDeciding(undefined)} onDone={() => void reload()} />}
    </PageContainer>
  );
}
