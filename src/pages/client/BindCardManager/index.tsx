/** `/client/bindCarManager`: the salesperson's payout cards: add, set the default, remove. */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { Alert, Popconfirm, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { act } from '@/kit/act';
import { maskedCard } from '#contract/ledger';
import type { BankCard } from '#contract/api/bankCard';
import dayjs from '@/kit/dayjs';
import { usePagedList } from '@/services/usePagedList';
import { NO_WRAP, tableWidth } from '@/kit/tableWidth';
import AddCardForm from './AddCardForm';
import { CARD_TEXT } from '#contract/text/ledger';

export default function BindCardManagerPage() {
  const table = useRef<ActionType>();
  const reload = () => table.current?.reload();

  const columns: ProColumns<BankCard>[] = [
    { title: CARD_TEXT.holder, dataIndex: 'holder', width: 120, ellipsis: true },
    { title: CARD_TEXT.bank, dataIndex: 'bank', width: 140, ellipsis: true },
    {
      title: CARD_TEXT.cardNumber,
      dataIndex: 'last4',
      width: 190,
      render: (_, card) => (
        <Space style={NO_WRAP}>
          <Typography.Text code data-testid="card-number">
            {maskedCard(card.last4)}
          </Typography.Text>
          {card.isDefault && <Tag color="blue">{CARD_TEXT.isDefault}</Tag>}
        </Space>
      ),
    },
    {
      title: '添加时间',
      dataIndex: 'createdAt',
      width: 160,
      render: (_, card) => dayjs(card.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 180,
      render: (_, card) => [
        !card.isDefault && (
          <a
            key="default"
            onClick={async () => {
              await act('bankCard/setDefault', { id: card.id }, CARD_TEXT.defaultSet, reload);
            }}
          >
            {CARD_TEXT.setDefault}
          </a>
        ),
        <Popconfirm
          key="remove"
          title={CARD_TEXT.removeConfirm}
          description={`${card.bank} ${maskedCard(card.last4)}`}
          okText={CARD_TEXT.remove}
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            await act('bankCard/remove', { id: card.id }, CARD_TEXT.removed, reload);
          }}
        >
          <Typography.Link type="danger">{CARD_TEXT.remove}</Typography.Link>
        </Popconfirm>,
      ],
    },
  ];

  const list = usePagedList('bankCard/list', { actionRef: table, emptyText: CARD_TEXT.empty });
  return (
    <PageContainer title="绑卡管理">
      <Alert type="info" showIcon message={CARD_TEXT.hint} style={{ marginBottom: 16 }} />
      <ListTable<BankCard>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={false}
        {...list}
        options={{ reload: true }}
        scroll={{ x: tableWidth(columns) }}
        toolBarRender={() => [<AddCardForm key="add" onAdded={reload} />]}
      />
    </PageContainer>
  );
}
