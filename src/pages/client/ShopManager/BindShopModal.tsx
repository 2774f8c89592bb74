/** 绑定店铺: shop type + shop url, run through the plug-in's bind flow (useModel('extension')). */
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Alert, Button, Form, Space, Typography } from 'antd';
import {
  DEFAULT_SHOP_TYPE,
  SHOP_TYPE_OPTIONS,
  SHOP_TYPE_RULES,
  SHOP_URL_PLACEHOLDER,
  SHOP_URL_RULES,
} from '@/extensionBridge/bindShopFields';
import ConnectionState from '@/extensionBridge/ConnectionState';
import { usePausedReason } from '@/extensionBridge/pluginPauses';
import type { ShopPlatform } from '#contract/shops';

interface BindValues {
  shopType: ShopPlatform;
  url: string;
}

/** `onBound` runs once a bind flow ended (the table reloads: the plug-in reported the shop before that). */
export default function BindShopModal({ onBound }: { onBound: () => void }) {
  const plugin = useModel('extension');
  const [form] = Form.useForm<BindValues>();
  const shopType: ShopPlatform = Form.useWatch('shopType', form) ?? DEFAULT_SHOP_TYPE;
  const paused = usePausedReason('bind', shopType);
  return (
    <ModalForm<BindValues>
      form={form}
      title="绑定店铺"
      width={520}
      layout="vertical"
      initialValues={{ shopType: DEFAULT_SHOP_TYPE }}
      modalProps={{ destroyOnHidden: true, okText: '去绑定' }}
      submitter={{ submitButtonProps: { disabled: Boolean(paused) } }}
      trigger={
        <Button type="primary" icon={<PlusOutlined />} loading={plugin.running === 'bind'} disabled={Boolean(plugin.running)}>
          绑定店铺
        </Button>
      }
      onOpenChange={(open) => {
        // Opening the dialog wakes the bridge, so the state below is the plug-in's.
        if (open) void plugin.start();
      }}
      onFinish={async (values) => {
        const request = { shopType: values.shopType, url: values.url.trim() };
        if (!plugin.connected) {
          // Says 插件未连接 with the store link; the dialog stays for another try.
          await plugin.bindShop(request);
          return false;
        }
        // The flow opens the shop page and waits for the user to come back: close the dialog now.
        void plugin.bindShop(request).then((ran) => ran && onBound());
        return true;
      }}
    >
      <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
        <Space>
          <Typography.Text type="secondary">插件状态</Typography.Text>
          <ConnectionState connected={plugin.connected} version={plugin.pluginVersion} />
        </Space>
        <Alert type="info" showIcon message="将在新标签页打开店铺后台，插件读取店铺信息后会自动返回此页并提示绑定结果。" />
        {paused && <Alert type="warning" showIcon message={paused} data-testid="bind-paused" />}
      </Space>
      <ProFormSelect name="shopType" label="店铺平台" options={SHOP_TYPE_OPTIONS} rules={SHOP_TYPE_RULES} allowClear={false} />
      <ProFormText name="url" label="店铺地址" placeholder={SHOP_URL_PLACEHOLDER} rules={SHOP_URL_RULES} />
    </ModalForm>
  );
}
