/**
 * `/client/user`: personal settings: profile (email), password, 两步验证 and the active sessions. The
 * tab is in the URL (`?tab=factors`), so a link can open 两步验证.
 */
import { PageContainer, type ActionType } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Card, Grid, Skeleton, Tabs } from 'antd';
import { useRef } from 'react';
import { tryCall } from '@/services/tryCall';
import useQueryParam from '@/kit/useQueryParam';
import FactorsPanel from './FactorsPanel';
import PasswordForm from './PasswordForm';
import ProfileForm from './ProfileForm';
import SessionsTable from './SessionsTable';
import { SETTINGS_TEXT } from '@/locales/zh-CN/profile';
import { FACTOR_SETTINGS_TEXT } from '@/locales/zh-CN/factors';

const TABS = ['profile', 'password', 'factors', 'sessions'] as const;

export default function UserSettingsPage() {
  const sessions = useRef<ActionType>();
  // Tabs on the left from a tablet up; on a phone they sit on top, leaving the forms the full width.
  const screens = Grid.useBreakpoint();
  const profile = useRequest(() => tryCall('profile/get', {}));
  const [tabParam, setTab] = useQueryParam('tab');
  const tab = TABS.find((key) => key === tabParam) ?? 'profile';
  return (
    <PageContainer title="个人设置">
      <Card>
        <Tabs
          tabPosition={screens.md ? 'left' : 'top'}
          activeKey={tab}
          onChange={(key) => setTab(key === 'profile' ? null : key)}
          items={[
            {
              key: 'profile',
              label: SETTINGS_TEXT.profileTab,
              children: profile.data ? <ProfileForm profile={profile.data} onSaved={profile.refresh} /> : <Skeleton active />,
            },
            {
              key: 'password',
              label: SETTINGS_TEXT.passwordTab,
              children: <PasswordForm onChanged={() => sessions.current?.reload()} />,
            },
            {
              key: 'factors',
              label: FACTOR_SETTINGS_TEXT.tab,
              children: <FactorsPanel />,
            },
            {
              key: 'sessions',
              label: SETTINGS_TEXT.sessionsTab,
              children: <SessionsTable actionRef={sessions} />,
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
