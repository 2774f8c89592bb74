/** Credit an account: pick it (searched by username or email) and a level; staff confirm, the order is created paid. */
import { ProForm, ProFormSelect, ProFormTextArea, type ProFormInstance } from '@ant-design/pro-components';
import { Card, Descriptions, Modal } from 'antd';
import { useRef, useState } from 'react';
import dayjs from '@/kit/dayjs';
import { tryCall } from '@/services/tryCall';
import { formatYuan } from '#contract/money';
import { ORDER_TEXT } from '#contract/text/orders';
import type { AccountOption, LevelOnSale } from '#contract/api/order';
import { feedback } from '@/kit/feedback';

const TEXT = ORDER_TEXT.recharge;

interface Values {
  accountId: number;
  levelId: number;
  note?: string;
}

const accountLabel = (account: AccountOption) =>
  `${account.username}（${account.email}）${account.levelName ? ` · ${account.levelName}${account.expiresAt ? ` 至 ${dayjs(account.expiresAt).format('YYYY-MM-DD')}` : ''}` : ''}`;

export default function RechargeForm({ onDone }: { onDone(): void }) {
  const formRef = useRef<ProFormInstance<Values>>();
  const [modal, modalHolder] = Modal.useModal();
  const accounts = useRef(new Map<number, AccountOption>());
  const levels = useRef(new Map<number, LevelOnSale>());
  const [resetKey, setResetKey] = useState(0);

  const confirmed = (account: AccountOption, level: LevelOnSale) =>
    modal.confirm({
      title: TEXT.confirmTitle,
      width: 480,
      content: (
        <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
          <Descriptions.Item label="账户">
            {account.username}（{account.email}）
          </Descriptions.Item>
          <Descriptions.Item label="套餐">
            {level.name}（{level.durationDays} 天）
          </Descriptions.Item>
          <Descriptions.Item label="金额">¥{formatYuan(level.priceCents)}</Descriptions.Item>
        </Descriptions>
      ),
      okText: TEXT.submit,
    });

  const finish = async (values: Values) => {
    const account = accounts.current.get(values.accountId);
    const level = levels.current.get(values.levelId);
    if (!account || !level) return false;
    if (!(await confirmed(account, level))) return false;
    const recharged = await tryCall('order/recharge', {
      accountId: values.accountId,
      levelId: values.levelId,
      note: values.note?.trim() || undefined,
    });
    if (!recharged) return false;
    feedback.message.success(
      `${TEXT.done}：${account.username} 的会员有效期至 ${dayjs(recharged.expiresAfter).format('YYYY-MM-DD HH:mm')}`,
    );
    formRef.current?.resetFields();
    setResetKey((key) => key + 1);
    onDone();
    return true;
  };

  return (
    <Card title={TEXT.formTitle} style={{ marginBottom: 16 }}>
      {modalHolder}
      <ProForm<Values>
        key={resetKey}
        formRef={formRef}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        onFinish={finish}
        submitter={{
          searchConfig: { submitText: TEXT.submit },
          resetButtonProps: false,
          render: (_, dom) => <div style={{ marginLeft: '16.66%' }}>{dom}</div>,
        }}
      >
        <ProFormSelect<number>
          name="accountId"
          label={TEXT.account}
          showSearch
          debounceTime={300}
          placeholder={TEXT.accountPlaceholder}
          rules={[{ required: true, message: '请选择账户' }]}
          fieldProps={{ filterOption: false }}
          request={async ({ keyWords }) => {
            const found = (await tryCall('order/searchAccounts', { keyword: keyWords ?? '' }, { errorToast: false })) ?? [];
            for (const account of found) accounts.current.set(account.id, account);
            return found.map((account) => ({ label: accountLabel(account), value: account.id }));
          }}
        />
        <ProFormSelect<number>
          name="levelId"
          label={TEXT.level}
          placeholder="选择套餐"
          rules={[{ required: true, message: '请选择会员套餐' }]}
          request={async () => {
            const found = (await tryCall('order/levels', {})) ?? [];
            for (const level of found) levels.current.set(level.id, level);
            return found.map((level) => ({
              label: `${level.name}（¥${formatYuan(level.priceCents)} / ${level.durationDays} 天）`,
              value: level.id,
            }));
          }}
        />
        <ProFormTextArea
          name="note"
          label={TEXT.note}
          placeholder="如：线下转账，流水号 …"
          fieldProps={{ maxLength: 200, showCount: true, autoSize: { minRows: 2, maxRows: 4 } }}
        />
      </ProForm>
    </Card>
  );
}
