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
        { key: 'logout', icon: <LogoutOutlined />, label: text.logout, onClick: () => void onLogout() },
      ]
    : [{ key: 'login', icon: <LoginOutlined />, label: text.login, onClick: () => history.push('/login') }];

  return (
    // A button, opened by a click as well as by hover, so the menu is reachable from the keyboard.
    <Dropdown menu={{ items }} placement="bottomRight" trigger={['hover', 'click']}>
      <button
        type="button"
        aria-haspopup="menu"
        className="header-user"
        data-testid="header-user"
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          cursor: 'pointer',
          padding: 0,
          color: 'inherit',
          font: 'inherit',
          background: 'none',
          border: 0,
        }}
      >
        {loggedIn ? <Avatar size="small" src={DEFAULT_AVATAR} alt="avatar" /> : <Avatar size="small" icon={<UserOutlined />} />}
        <span data-testid="header-username">{username}</span>
      </button>
    </Dropdown>
  );
}
