/** Top right: avatar, username, and the user menu. */
import { LoginOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { getToken } from '@/auth/session';
import { UI_TEXT } from '@/locales/zh-CN/common';
import useLogout from './useLogout';

const text = UI_TEXT.header;
export const DEFAULT_AVATAR = '/avatar.svg';

export default function AvatarDropdown() {
  const { initialState } = useModel('@@initialState');
  const onLogout = useLogout();
  const loggedIn = Boolean(getToken());
  const username = initialState?.username || text.anonymousName;
  const email = initialState?.email || text.placeholderEmail;

  const items: MenuProps['items'] = loggedIn
    ? [
        { key: 'email', label: email, disabled: true },
        { type: 'divider' },
        { key: 'settings', icon: <SettingOutlined />, label: text.personalSettings, onClick: () => history.push('/user') },
        { key: 'logout', icon: <LogoutOutlined />, label: text.logout, onClick: onLogout },
      ]
    : [{ key: 'login', icon: <LoginOutlined />, label: text.login, onClick: () => history.push('/login') }];

  return (
    <Dropdown menu={{ items }} placement="bottomRight">
      <span className="header-user" data-testid="header-user" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
        {loggedIn ? (
          <Avatar size="small" src={DEFAULT_AVATAR} alt="avatar" />
        ) : (
          <Avatar size="small" icon={<UserOutlined />} />
        )}
        <span data-testid="header-username">{username}</span>
      </span>
    </Dropdown>
  );
}
