/** The bell's panel: the newest notifications, 全部已读, and each item a link to its record. */
import { Badge, Button, Empty, Skeleton, theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import type { NotificationItem } from '#contract/api/notification';
import { NOT_ME_KIND } from '#contract/notifications';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { NOTIFICATION_TEXT } from '@/locales/zh-CN/notifications';
import dayjs from '@/kit/dayjs';
import type { Notifications } from './useNotifications';

/** Today's items by their time, older ones by their date and time. */
export function itemTime(iso: string, now = dayjs()): string {
  const at = dayjs(iso);
  return at.isSame(now, 'day') ? at.format('HH:mm') : at.format('YYYY-MM-DD HH:mm');
}

export const PANEL_TITLE_ID = 'notification-panel-title';

/** The panel's looks from the theme's tokens (light or dark alike). */
function usePanelStyles() {
  const { token } = theme.useToken();
  const row: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8 };
  return {
    panel: {
      width: 'min(380px, calc(100vw - 16px))',
      background: token.colorBgElevated,
      borderRadius: token.borderRadiusLG,
      boxShadow: token.boxShadowSecondary,
      outline: 'none',
    },
    header: { ...row, justifyContent: 'space-between', padding: '8px 8px 8px 16px', borderBottom: `1px solid ${token.colorSplit}` },
    title: { fontWeight: 600, color: token.colorText },
    count: { marginLeft: 8, fontWeight: 400, color: token.colorTextSecondary },
    list: { listStyle: 'none', margin: 0, padding: 0, maxHeight: 'min(420px, 60vh)', overflowY: 'auto' },
    item: (read: boolean): CSSProperties => ({
      borderBottom: `1px solid ${token.colorSplit}`,
      background: read ? undefined : token.colorPrimaryBg,
    }),
    link: { display: 'block', padding: '10px 16px', color: token.colorText },
    itemHead: row,
    itemTitle: { flex: 1, minWidth: 0 },
    time: { color: token.colorTextSecondary, fontSize: token.fontSizeSM, whiteSpace: 'nowrap' },
    text: { display: 'block', marginTop: 2, color: token.colorTextSecondary, fontSize: token.fontSizeSM, overflowWrap: 'anywhere' },
    state: { ...row, justifyContent: 'center', flexDirection: 'column', padding: 16, minHeight: 120 },
    more: { textAlign: 'center', padding: 4 },
    action: { padding: '0 16px 10px' },
  } satisfies Record<string, CSSProperties | ((read: boolean) => CSSProperties)>;
}

type PanelStyles = ReturnType<typeof usePanelStyles>;

interface PanelProps {
  notifications: Notifications;
  /** An item was chosen: the bell closes its panel and opens the item's page. */
  onOpen(item: NotificationItem): void;
  /** 不是我 on a 新设备登录 item: the bell confirms and reports it (profile/notMe). */
  onNotMe?(item: NotificationItem): void;
}

function Item({ item, onOpen, onNotMe, styles }: Pick<PanelProps, 'onOpen' | 'onNotMe'> & { item: NotificationItem; styles: PanelStyles }) {
  return (
    <li style={styles.item(item.read)}>
      <a
        href={item.link}
        style={styles.link}
        onClick={(event) => {
          // A plain click stays in the console (the router); a middle or modified click opens a tab.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onOpen(item);
        }}
      >
        <span style={styles.itemHead}>
          {!item.read && <Badge status="processing" />}
          <Typography.Text strong={!item.read} style={styles.itemTitle}>
            {item.title}
          </Typography.Text>
          <time dateTime={item.createdAt} style={styles.time}>
            {itemTime(item.createdAt)}
          </time>
        </span>
        <span style={styles.text}>{item.text}</span>
        {!item.read && <span className="visually-hidden">（未读）</span>}
      </a>
      {item.kind === NOT_ME_KIND && onNotMe && (
        // Beside the link, not inside it: a button inside a link is not a control of its own.
        <div style={styles.action}>
          <Button size="small" danger onClick={() => onNotMe(item)}>
            {NOTIFICATION_TEXT.notMe}
          </Button>
        </div>
      )}
    </li>
  );
}

function Body({ notifications, onOpen, onNotMe, styles }: PanelProps & { styles: PanelStyles }) {
  const { list, items, hasMore, loadingMore } = notifications;
  if (list === 'loading' || list === 'idle') {
    return (
      <div style={styles.state} aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (list === 'failed') {
    return (
      <div style={styles.state} role="alert">
        <Typography.Text type="danger">{UI_TEXT.list.loadFailed}</Typography.Text>
        <Button size="small" onClick={() => void notifications.load()}>
          {UI_TEXT.list.retry}
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div style={styles.state}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NOTIFICATION_TEXT.empty} />
      </div>
    );
  }
  return (
    <>
      <ul style={styles.list} aria-labelledby={PANEL_TITLE_ID}>
        {items.map((item) => (
          <Item key={item.id} item={item} onOpen={onOpen} onNotMe={onNotMe} styles={styles} />
        ))}
      </ul>
      {hasMore && (
        <div style={styles.more}>
          <Button type="link" loading={loadingMore} onClick={() => void notifications.loadMore()}>
            {NOTIFICATION_TEXT.loadMore}
          </Button>
        </div>
      )}
    </>
  );
}

export default function NotificationPanel({ notifications, onOpen, onNotMe }: PanelProps) {
  const { unread, list, items } = notifications;
  const styles = usePanelStyles();
  return (
    <div style={styles.panel} role="dialog" aria-labelledby={PANEL_TITLE_ID} tabIndex={-1}>
      <div style={styles.header}>
        <div id={PANEL_TITLE_ID} style={styles.title}>
          {NOTIFICATION_TEXT.title}
          {unread ? <span style={styles.count}>{NOTIFICATION_TEXT.unread(unread)}</span> : null}
        </div>
        <Button
          type="link"
          size="small"
          disabled={!unread || list !== 'ready' || items.length === 0}
          onClick={() => void notifications.markAllRead()}
        >
          {NOTIFICATION_TEXT.markAllRead}
        </Button>
      </div>
      <Body notifications={notifications} onOpen={onOpen} onNotMe={onNotMe} styles={styles} />
    </div>
  );
}
