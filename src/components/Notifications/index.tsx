/**
 * The header's bell (accessible name 通知): a badge of the unread notifications and, on a click, the
 * panel of the newest ones. Shown only while logged in; the count and new items come live
 * (useNotifications), and a chosen item opens its record's page.
 */
import { BellOutlined } from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import { Badge, Button, Dropdown } from 'antd';
import { useState } from 'react';
import type { NotificationItem } from '#contract/api/notification';
import { LOGIN_PATH } from '@/auth/redirect';
import { clearSession, getToken } from '@/auth/session';
import { message, modal } from '@/kit/feedback';
import { tryCall } from '@/services/tryCall';
import { NOTIFICATION_TEXT } from '@/locales/zh-CN/notifications';
import NotificationPanel from './NotificationPanel';
import { useNotifications } from './useNotifications';

const UNREAD_TEXT_ID = 'notification-bell-unread';

export default function NotificationBell() {
  const { initialState } = useModel('@@initialState');
  const loggedIn = Boolean(getToken() && initialState?.username);
  const [open, setOpen] = useState(false);
  const notifications = useNotifications({ enabled: loggedIn, panelOpen: open });
  if (!loggedIn) return null;

  const openItem = (item: NotificationItem) => {
    setOpen(false);
    void notifications.markRead(item);
    history.push(item.link);
  };
  // 不是我: every session of the account ends, this one too, so the console returns to /login.
  const notMe = (item: NotificationItem) => {
    setOpen(false);
    modal.confirm({
      title: NOTIFICATION_TEXT.notMeTitle,
      content: NOTIFICATION_TEXT.notMeContent,
      okText: NOTIFICATION_TEXT.notMeConfirm,
      okButtonProps: { danger: true },
      onOk: async () => {
        if (!(await tryCall('profile/notMe', { notificationId: item.id }))) return;
        clearSession();
        history.push(LOGIN_PATH);
        message.warning(NOTIFICATION_TEXT.notMeDone);
      },
    });
  };
  const unread = notifications.unread ?? 0;

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      // Centred under the bell and shifted into the window: on a phone the panel is nearly the window's width.
      placement="bottom"
      popupRender={() => <NotificationPanel notifications={notifications} onOpen={openItem} onNotMe={notMe} />}
    >
      <Button
        type="text"
        aria-label={NOTIFICATION_TEXT.title}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={unread ? UNREAD_TEXT_ID : undefined}
        data-testid="notification-bell"
      >
        <Badge count={unread} overflowCount={NOTIFICATION_TEXT.overflow} size="small" data-testid="notification-badge">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
        {unread > 0 && (
          <span id={UNREAD_TEXT_ID} className="visually-hidden">
            {NOTIFICATION_TEXT.unread(unread)}
          </span>
        )}
      </Button>
    </Dropdown>
  );
}
