/**
 * /client/home's plug-in actions: connection state, a newer release (插件有新版本, or 插件版本过低
 * when the flows are refused, also for a plug-in of a retired bridge protocol), bind a shop, join
 * the creator programme, stop; with 运行记录's grant, how the last run went.
 */
import { ApiOutlined } from '@ant-design/icons';
import { Link, useAccess, useModel } from '@umijs/max';
import { Alert, Button, Card, Col, Form, Grid, Input, Row, Space, Typography } from 'antd';
import RequiredSelect from '@/components/RequiredSelect';
import { useEffect, useMemo, useRef, useState } from 'react';
import { parseProductIds, productIdsProblem } from '@/extensionBridge/productIds';
import type { Membership } from '#contract/api/account';
import type { ShopPlatform } from '#contract/shops';
import {
  DEFAULT_SHOP_TYPE,
  SHOP_TYPE_OPTIONS,
  SHOP_TYPE_RULES,
  SHOP_URL_PLACEHOLDER,
  SHOP_URL_RULES,
} from '@/extensionBridge/bindShopFields';
import ConnectionState from '@/extensionBridge/ConnectionState';
import { InstallLink } from '@/extensionBridge/InstallLink';
import { CREATOR_PAGE } from '@/extensionBridge/platform';
import { usePausedReason } from '@/extensionBridge/pluginPauses';
import ReleaseDetails from '@/extensionBridge/ReleaseDetails';
import { releaseNotice, type PluginState } from '@/extensionBridge/state';
import { PLUGIN_INSTALL_TEXT, PLUGIN_RELEASE_TEXT } from '@/locales/zh-CN/plugin';
import { RUN_UI_TEXT } from '@/locales/zh-CN/runs';
import { flowText, RunCounts, runTime, RunStatusTag } from '@/components/PluginRuns/display';
import { tryCall } from '@/services/tryCall';
import { getToken } from '@/auth/session';
import { cachedReadOptions } from '@/services/requestDefaults';
import { useCachedRequest } from '@/services/useCachedRequest';

/** Why a flow is paused (the kill switch), above the button it disables. */
function PausedAlert({ reason, testId }: { reason: string | null; testId: string }) {
  if (!reason) return null;
  return <Alert type="warning" showIcon message={reason} style={{ marginBottom: 12 }} data-testid={testId} />;
}

function BindShopForm() {
  const plugin = useModel('extension');
  const [form] = Form.useForm<{ shopType: ShopPlatform; url: string }>();
  const shopType: ShopPlatform = Form.useWatch('shopType', form) ?? DEFAULT_SHOP_TYPE;
  const paused = usePausedReason('bind', shopType);
  return (
    <Form
      form={form}
      layout="vertical"
      name="bindShop"
      initialValues={{ shopType: DEFAULT_SHOP_TYPE }}
      onFinish={(values: { shopType: ShopPlatform; url: string }) =>
        void plugin.bindShop({ shopType: values.shopType, url: values.url.trim() })
      }
    >
      <Form.Item label="店铺平台" name="shopType" rules={SHOP_TYPE_RULES}>
        <RequiredSelect options={SHOP_TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item label="店铺地址" name="url" rules={SHOP_URL_RULES}>
        <Input placeholder={SHOP_URL_PLACEHOLDER} />
      </Form.Item>
      <PausedAlert reason={paused} testId="bind-paused" />
      <Button type="primary" htmlType="submit" loading={plugin.running === 'bind'} disabled={Boolean(plugin.running) || Boolean(paused)}>
        绑定店铺
      </Button>
    </Form>
  );
}

function JoinCreatorForm({ membership }: { membership: Membership | null }) {
  const plugin = useModel('extension');
  const [text, setText] = useState('');
  const parsed = useMemo(() => parseProductIds(text), [text]);
  const quota = membership ? membership.productQuota : null;
  const [touched, setTouched] = useState(false);
  const paused = usePausedReason('join', CREATOR_PAGE.platform);
  // Say what is wrong as soon as something is typed, or once the user tried to join an empty list.
  const problem = text.trim() || touched ? productIdsProblem(parsed, quota) : null;

  const join = () => {
    setTouched(true);
    if (productIdsProblem(parsed, quota)) return;
    void plugin.joinCreator(parsed.ids, CREATOR_PAGE);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>商品 ID（每行一个或用逗号分隔）</Typography.Text>
      <Input.TextArea
        aria-label="商品 ID 列表"
        rows={5}
        value={text}
        onChange={(event) => setText(event.target.value)}
        status={problem ? 'error' : undefined}
      />
      <Typography.Text type={problem ? 'danger' : 'secondary'} data-testid="product-ids-summary">
        {problem ??
          `共 ${parsed.ids.length} 个${parsed.duplicates ? `（已去除 ${parsed.duplicates} 个重复）` : ''}${quota !== null ? `，本次最多 ${quota} 个` : ''}`}
      </Typography.Text>
      <PausedAlert reason={paused} testId="join-paused" />
      <Space>
        <Button type="primary" onClick={join} loading={plugin.running === 'join'} disabled={Boolean(plugin.running) || Boolean(paused)}>
          加入达人计划
        </Button>
        <Button
          danger
          onClick={() => void plugin.stop(CREATOR_PAGE)}
          loading={plugin.running === 'stop'}
          disabled={Boolean(plugin.running)}
        >
          停止
        </Button>
      </Space>
    </Space>
  );
}

/** The newer release the plug-in reported: a warning, or an error when its version is no longer supported. */
function ReleaseAlert({ state }: { state: Pick<PluginState, 'release' | 'pluginVersion'> }) {
  const notice = releaseNotice(state);
  if (!notice) return null;
  const { latest, outdated } = notice;
  return (
    <Alert
      type={outdated ? 'error' : 'warning'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="plugin-release-alert"
      message={outdated ? PLUGIN_RELEASE_TEXT.outdatedTitle : PLUGIN_RELEASE_TEXT.newVersion(latest.version)}
      description={
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text>
            {outdated
              ? PLUGIN_RELEASE_TEXT.outdated(state.pluginVersion, latest.minSupportedVersion)
              : PLUGIN_RELEASE_TEXT.current(state.pluginVersion)}
          </Typography.Text>
          <ReleaseDetails release={latest} />
        </Space>
      }
    />
  );
}

/** A plug-in of a retired bridge protocol gets no token: it must be updated before any flow runs. */
function ProtocolAlert({ state }: { state: Pick<PluginState, 'protocolOutdated' | 'pluginVersion'> }) {
  if (!state.protocolOutdated) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="plugin-protocol-alert"
      message={PLUGIN_RELEASE_TEXT.outdatedTitle}
      description={
        <>
          {PLUGIN_RELEASE_TEXT.protocolOutdated(state.pluginVersion)}
          <InstallLink>{PLUGIN_INSTALL_TEXT.goInstall}</InstallLink>
        </>
      }
    />
  );
}

/**
 * The account's last run (`run/mine`, one row): its flow, status, counts and start, with the way
 * to 运行记录. Read again when a flow this console started ends, and when the tab comes back (a
 * join runs on in the creator page's tab).
 */
function LastRun({ cacheKey }: { cacheKey: string }) {
  const { running } = useModel('extension');
  const { data, refresh } = useCachedRequest(
    () =>
      tryCall('run/mine', { current: 1, pageSize: 1 }, { errorToast: false })
        .catch(() => undefined)
        .then((page) => (page ? { run: page.list[0] ?? null } : undefined)),
    { ...cachedReadOptions, cacheKey },
  );
  const before = useRef(running);
  useEffect(() => {
    if (before.current && before.current !== 'clean' && !running) refresh();
    before.current = running;
  }, [running, refresh]);
  if (!data) return null;
  const { run } = data;
  return (
    <Space wrap size={[8, 4]} style={{ marginBottom: 16 }} data-testid="plugin-last-run">
      <Typography.Text type="secondary">{RUN_UI_TEXT.lastRun}</Typography.Text>
      {run ? (
        <>
          <Typography.Text>{flowText(run)}</Typography.Text>
          <RunStatusTag status={run.status} />
          {run.flow === 'join' && (
            <span>
              {RUN_UI_TEXT.counts} <RunCounts run={run} />
            </span>
          )}
          <Typography.Text type="secondary">{runTime(run.startedAt)}</Typography.Text>
        </>
      ) : (
        <Typography.Text>{RUN_UI_TEXT.noRuns}</Typography.Text>
      )}
      <Link to="/client/pluginRuns">{RUN_UI_TEXT.viewRuns}</Link>
    </Space>
  );
}

export default function PluginPanel({ membership, username = '' }: { membership: Membership | null; username?: string }) {
  const plugin = useModel('extension');
  const { canSeePluginRuns } = useAccess();
  // On a phone the card's head has no room for the state beside the title: it opens the body instead.
  const wide = Grid.useBreakpoint().sm !== false;
  const connection = <ConnectionState connected={plugin.connected} version={plugin.pluginVersion} />;
  return (
    <Card
      title={
        <Space>
          <ApiOutlined />
          浏览器插件
        </Space>
      }
      extra={wide ? connection : undefined}
      style={{ marginTop: 16 }}
    >
      {!wide && <div style={{ marginBottom: 12 }}>{connection}</div>}
      {!plugin.connected && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="插件连接后即可绑定店铺、加入达人计划。未连接时操作会提示“插件未连接”。"
        />
      )}
      <ProtocolAlert state={plugin} />
      <ReleaseAlert state={plugin} />
      {canSeePluginRuns && getToken() && <LastRun cacheKey={`run/mine/last/${username}`} />}
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={10}>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            绑定店铺
          </Typography.Title>
          <BindShopForm />
        </Col>
        <Col xs={24} lg={14}>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            加入达人计划
          </Typography.Title>
          <JoinCreatorForm membership={membership} />
        </Col>
      </Row>
    </Card>
  );
}
