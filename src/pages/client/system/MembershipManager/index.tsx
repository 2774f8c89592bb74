/** 会员管理: membership levels; create, edit, take on / off sale, delete (only when no order or account uses it). */
import { PlusOutlined } from '@ant-design/icons';
import {
  ModalForm,
  PageContainer,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { Button, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { act } from '@/kit/act';
import { formatYuan, parseYuan } from '#contract/money';
import type { LevelCreateBody, LevelItem } from '#contract/api/membershipLevel';
import { limitText, LIMITS } from '#contract/rules';
import { SYSTEM_TEXT } from '#contract/system';
import { requiredNumber, requiredRule } from '@/kit/formRules';
import { usePagedList } from '@/services/usePagedList';
import { useFieldErrors } from '@/services/fieldErrors';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import { destroyOnHidden } from '@/kit/dialogForm';

type LevelValues = Omit<LevelCreateBody, 'priceCents'> & { price: string };

function LevelForm({
  level,
  onClose,
  onSubmit,
}: {
  level?: LevelItem;
  onClose(): void;
  onSubmit(body: LevelCreateBody): Promise<boolean>;
}) {
  const fieldErrors = useFieldErrors();
  return (
    <ModalForm<LevelValues>
      name="levelForm"
      title={level ? `编辑会员等级「${level.name}」` : '新建会员等级'}
      open
      width={520}
      layout="horizontal"
      labelCol={{ span: 6 }}
      onOpenChange={(open) => !open && onClose()}
      modalProps={destroyOnHidden()}
      initialValues={
        level
          ? { ...level, price: formatYuan(level.priceCents).replace(/,/g, '') }
          : { durationDays: 30, shopQuota: 1, productQuota: 50, sort: 100, onSale: true }
      }
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap(({ price, ...values }) =>
        onSubmit({ ...values, name: values.name.trim(), priceCents: parseYuan(String(price))! }),
      )}
    >
      <ProFormText name="name" label="等级名称" rules={[{ required: true, whitespace: true, message: '请输入等级名称' }, { max: 32 }]} />
      <ProFormText
        name="price"
        label="价格"
        fieldProps={{ suffix: '元' }}
        rules={[
          requiredRule(LIMITS.priceYuan.field),
          {
            validator: async (_, value) =>
              value === undefined || value === '' || parseYuan(String(value)) !== null
                ? undefined
                : Promise.reject(new Error('请输入金额，最多两位小数')),
          },
          {
            validator: async (_, value) => {
              const cents = value === undefined || value === '' ? null : parseYuan(String(value));
              const { min, max } = LIMITS.priceYuan;
              if (cents !== null && (cents < min * 100 || cents > max * 100)) throw new Error(limitText(LIMITS.priceYuan));
            },
          },
        ]}
      />
      <ProFormDigit
        name="durationDays"
        label="时长"
        fieldProps={{ precision: 0, suffix: '天' }}
        rules={requiredNumber(LIMITS.durationDays)}
      />
      <ProFormDigit
        name="shopQuota"
        label="店铺数量"
        fieldProps={{ precision: 0, suffix: '个' }}
        rules={requiredNumber(LIMITS.shopQuota)}
      />
      <ProFormDigit
        name="productQuota"
        label="单次商品 ID 数"
        fieldProps={{ precision: 0, suffix: '个' }}
        rules={requiredNumber(LIMITS.productQuota)}
      />
      <ProFormDigit name="sort" label="排序" fieldProps={{ precision: 0 }} tooltip="数字小的在前" rules={requiredNumber(LIMITS.sort)} />
      <ProFormSwitch name="onSale" label="上架" />
    </ModalForm>
  );
}

export default function MembershipManager() {
  const table = useRef<ActionType>();
  const [editing, setEditing] = useState<{ level?: LevelItem }>();
  const reload = () => table.current?.reload();

  const columns: ProColumns<LevelItem>[] = [
    { title: '等级名称', dataIndex: 'name', width: 140, ellipsis: true },
    { title: '价格（元）', dataIndex: 'priceCents', search: false, align: 'right', render: (_, level) => formatYuan(level.priceCents) },
    { title: '时长（天）', dataIndex: 'durationDays', search: false },
    { title: '店铺数量', dataIndex: 'shopQuota', search: false },
    { title: '单次商品 ID 数', dataIndex: 'productQuota', search: false },
    { title: '排序', dataIndex: 'sort', search: false, width: 70 },
    {
      title: '状态',
      dataIndex: 'onSale',
      valueType: 'select',
      valueEnum: { true: { text: '在售', status: 'Success' }, false: { text: '已下架', status: 'Default' } },
      render: (_, level) => (level.onSale ? <Tag color="success">在售</Tag> : <Tag>已下架</Tag>),
    },
    {
      title: '订单 / 账号',
      dataIndex: 'orderCount',
      search: false,
      width: 110,
      render: (_, level) => `${level.orderCount} / ${level.accountCount}`,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 170,
      render: (_, level) => {
        const inUse = level.orderCount > 0 || level.accountCount > 0;
        return [
          <a key="edit" onClick={() => setEditing({ level })}>
            编辑
          </a>,
          <Popconfirm
            key="sale"
            title={level.onSale ? `下架「${level.name}」？` : `上架「${level.name}」？`}
            description={level.onSale ? '下架后会员中心不再出售，已购会员不受影响' : undefined}
            onConfirm={async () => {
              await act('membershipLevel/setOnSale', { id: level.id, onSale: !level.onSale }, level.onSale ? '已下架' : '已上架', reload);
            }}
          >
            <a>{level.onSale ? '下架' : '上架'}</a>
          </Popconfirm>,
          inUse ? (
            <Tooltip key="delete" title={SYSTEM_TEXT.levelInUse(level.orderCount, level.accountCount)}>
              <Typography.Text disabled>删除</Typography.Text>
            </Tooltip>
          ) : (
            <Popconfirm
              key="delete"
              title={`删除「${level.name}」？`}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                await act('membershipLevel/delete', { id: level.id }, '已删除', reload);
              }}
            >
              <Typography.Link type="danger">删除</Typography.Link>
            </Popconfirm>
          ),
        ];
      },
    },
  ];

  const list = usePagedList('membershipLevel/list', {
    toBody: ({ onSale, ...rest }: Record<string, unknown>) => ({
      ...rest,
      ...(onSale === undefined || onSale === '' ? {} : { onSale: onSale === true || onSale === 'true' }),
    }),
    actionRef: table,
  });
  return (
    <PageContainer>
      <ListTable<LevelItem>
        rowKey="id"
        headerTitle="会员等级"
        actionRef={table}
        columns={columns}
        {...list}
        scroll={TABLE_SCROLL}
        toolBarRender={() => [
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新建等级
          </Button>,
        ]}
      />
      {editing ? (
        <LevelForm
          key={editing.level?.id ?? 'new'}
          level={editing.level}
          onClose={() => setEditing(undefined)}
          onSubmit={async (body) => {
            const done = editing.level
              ? await act('membershipLevel/update', { id: editing.level.id, ...body }, '已保存')
              : await act('membershipLevel/create', body, '已创建');
            if (done) void reload();
            return Boolean(done);
          }}
        />
      ) : null}
    </PageContainer>
  );
}
