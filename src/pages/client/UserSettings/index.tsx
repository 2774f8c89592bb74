/** `/client/user`: personal settings: profile (email), password, and the active sessions. */
import { PageContainer, type ActionType } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Card, Grid, Skeleton, Tabs } from 'antd';
import { useRef } from 'react';
import { tryCall } from '@/services/tryCall';
import PasswordForm from './PasswordForm';
import ProfileForm from './ProfileForm';
import SessionsTable from './SessionsTable';
import { SETTINGS_TEXT } from '@/locales/zh-CN/profile';

export default function UserSettingsPage() {
  const sessions = useRef<ActionType>();
  // Tabs on the left from a tablet up; on a phone they sit on top, leaving the forms the full width.
  const screens = Grid.useBreakpoint();
  const profile = useRequest(() => tryCall('profile/get', {}));
  return (
    <PageContainer title="个人设置">
      <Card>
        <Tabs
          tabPosition={screens.md ? 'left' : 'top'}
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
