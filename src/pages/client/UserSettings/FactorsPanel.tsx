/**
 * 个人设置's 两步验证: whether it is on (and whether a role asks for it), the authenticator app
 * (绑定 / 删除), the passkeys (添加 / 删除) and the recovery codes left (重新生成). Enrolment runs in a
 * dialog (./EnrolDialog.tsx) that shows the recovery codes once when they come. Every change is a
 * step-up call (the request layer asks for the password); the server refuses removing the last
 * factor of an account whose role requires one (its message is toasted).
 */
import { ExclamationCircleOutlined, KeyOutlined, MobileOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Alert, Button, Flex, Grid, Popconfirm, Result, Skeleton, Tag, Typography, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import type { FactorOverview } from '#contract/api/factor';
import { useModel } from '@umijs/max';
import { act } from '@/kit/act';
import { dateTime } from '@/kit/ledgerDisplay';
import { FACTOR_SETTINGS_TEXT as S } from '@/locales/zh-CN/factors';
import { tryCall } from '@/services/tryCall';
import EnrolDialog, { type Enrolling } from './EnrolDialog';

/** Codes left at or under this many: a warning to make new ones. */
const FEW_CODES = 3;
/** A section's content starts under its title, past the icon. */
const INDENT = 32;

function Section({
  icon,
  title,
  help,
  extra,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  help: string;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  // On a phone the button goes under the words, in line with the section's content.
  const narrow = !Grid.useBreakpoint().sm;
  return (
    <section style={{ padding: '16px 0', borderTop: `1px solid ${token.colorSplit}` }}>
      <Flex gap={12} wrap justify="space-between" align="flex-start">
        <Flex gap={12} align="flex-start" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <span aria-hidden style={{ fontSize: 20, color: token.colorTextSecondary, lineHeight: '24px' }}>
            {icon}
          </span>
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            <Typography.Text type="secondary">{help}</Typography.Text>
          </div>
        </Flex>
        {!narrow && extra}
      </Flex>
      {(children || (narrow && extra)) && (
        <Flex vertical gap={12} align="flex-start" style={{ marginTop: 12, paddingInlineStart: INDENT }}>
          {children}
          {narrow && extra}
        </Flex>
      )}
    </section>
  );
}

/** A factor's row: its name, when it was added and last used, and 删除. */
function FactorRow({ name, item, action }: { name: ReactNode; item: { createdAt: string; lastUsedAt: string | null }; action: ReactNode }) {
  return (
    <Flex gap={8} wrap justify="space-between" align="center" style={{ width: '100%' }}>
      <div style={{ minWidth: 0 }}>
        <div>{name}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {S.createdAt} {dateTime(item.createdAt)} · {item.lastUsedAt ? `${S.lastUsedAt} ${dateTime(item.lastUsedAt)}` : S.neverUsed}
        </Typography.Text>
      </div>
      {action}
    </Flex>
  );
}

function RemoveButton({ title, last, onConfirm }: { title: string; last: boolean; onConfirm: () => Promise<unknown> }) {
  return (
    <Popconfirm
      title={title}
      description={last ? S.removeLastExplain : S.removeExplain}
      okText={S.remove}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button danger size="small">
        {S.remove}
      </Button>
    </Popconfirm>
  );
}

export default function FactorsPanel() {
  const overview = useRequest(() => tryCall('factor/overview', {}));
  const [enrolling, setEnrolling] = useState<Enrolling>();
  const account = useModel('@@initialState').initialState?.username;

  if (overview.loading && !overview.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const data: FactorOverview | undefined = overview.data;
  if (!data) {
    return (
      <Result
        status="warning"
        title={S.loadFailed}
        extra={
          <Button onClick={overview.refresh} loading={overview.loading}>
            {S.retry}
          </Button>
        }
      />
    );
  }

  const factorCount = (data.totp ? 1 : 0) + data.passkeys.length;
  const on = factorCount > 0;
  const remove = (id: number) => act('factor/remove', { id }, S.removed, overview.refresh);
  const lowCodes = on && data.recoveryCodesLeft <= FEW_CODES;

  return (
    <div style={{ maxWidth: 720 }}>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {S.status}
        </Typography.Title>
        <Tag color={on ? 'success' : 'default'}>{on ? S.on : S.off}</Tag>
        {data.required && <Tag color="blue">{S.requiredTag}</Tag>}
      </Flex>
      <Typography.Paragraph type="secondary">{S.explain}</Typography.Paragraph>
      {data.required && (
        <Alert type={on ? 'info' : 'warning'} showIcon message={on ? S.required : S.requiredMissing} style={{ marginBottom: 16 }} />
      )}

      <Section
        icon={<MobileOutlined />}
        title={S.totp}
        help={S.totpHelp}
        extra={
          data.totp ? undefined : (
            <Button type="primary" onClick={() => setEnrolling('totp')}>
              {S.bind}
            </Button>
          )
        }
      >
        {data.totp && (
          <FactorRow
            name={<Tag color="success">{S.totpBound}</Tag>}
            item={data.totp}
            action={<RemoveButton title={S.removeTotpConfirm} last={factorCount === 1} onConfirm={() => remove(data.totp!.id)} />}
          />
        )}
      </Section>

      <Section
        icon={<KeyOutlined />}
        title={S.passkeys}
        help={S.passkeysHelp}
        extra={
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setEnrolling('passkey')}>
            {S.addPasskey}
          </Button>
        }
      >
        {data.passkeys.length === 0 ? (
          <Typography.Text type="secondary">{S.passkeysNone}</Typography.Text>
        ) : (
          <ul aria-label={S.passkeys} style={{ listStyle: 'none', margin: 0, padding: 0, width: '100%', display: 'grid', gap: 12 }}>
            {data.passkeys.map((passkey) => (
              <li key={passkey.id}>
                <FactorRow
                  name={<Typography.Text strong>{passkey.name}</Typography.Text>}
                  item={passkey}
                  action={
                    <RemoveButton
                      title={S.removePasskeyConfirm(passkey.name)}
                      last={factorCount === 1}
                      onConfirm={() => remove(passkey.id)}
                    />
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section
        icon={<SafetyOutlined />}
        title={S.codes}
        help={S.codesHelp}
        extra={
          on ? (
            <Popconfirm
              title={S.regenerateConfirm}
              description={S.regenerateExplain}
              okText={S.regenerate}
              onConfirm={async () => {
                const answer = await tryCall('factor/newRecoveryCodes', {});
                if (answer?.recoveryCodes) setEnrolling({ codes: answer.recoveryCodes });
                void overview.refresh();
              }}
            >
              <Button>{S.regenerate}</Button>
            </Popconfirm>
          ) : undefined
        }
      >
        {on ? (
          <Flex gap={8} wrap align="center">
            <Typography.Text strong data-testid="recovery-codes-left">
              {S.codesLeft(data.recoveryCodesLeft)}
            </Typography.Text>
            {lowCodes && (
              <Typography.Text type="warning">
                <ExclamationCircleOutlined aria-hidden /> {S.codesLow}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{S.codesNone}</Typography.Text>
        )}
      </Section>

      {enrolling && (
        <EnrolDialog
          enrolling={enrolling}
          account={account}
          onClose={(changed) => {
            setEnrolling(undefined);
            if (changed) void overview.refresh();
          }}
        />
      )}
    </div>
  );
}
