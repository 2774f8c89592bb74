/**
 * antd's message, modal and notification for the whole console, screens and code outside
 * components alike (the request layer, plug-in flows). They are the instances of antd's `<App>`
 * (`App.useApp()`, mounted in src/app.tsx's rootContainer through `FeedbackBridge`), so they read the
 * console's theme and locale, which antd's static functions can not (and warn about in development).
 * Before `<App>` has rendered (or in a test that renders a screen alone) the static ones stand in.
 *
 * The same error or warning text shown again while it is still on screen replaces itself instead of
 * stacking: calls made together that fail alike (startup's two, a mock scenario for every call) say it once.
 */
import { App, message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

interface Instances {
  message: MessageInstance;
  modal: ModalHookAPI;
  notification: NotificationInstance;
}

let current: Instances | null = null;

/** Renders nothing: hands `<App>`'s instances to `feedback`. Render it inside antd's `<App>`. */
export function FeedbackBridge(): null {
  const instances = App.useApp();
  current = instances;
  return null;
}

const messageApi = (): MessageInstance => current?.message ?? staticMessage;
const modalApi = (): ModalHookAPI => current?.modal ?? (Modal as unknown as ModalHookAPI);
const notificationApi = (): NotificationInstance => current?.notification ?? staticNotification;

type MessageArgs = Parameters<MessageInstance['error']>;

/** A plain text error or warning gets a key of its own text, so showing it again replaces it. */
const once =
  (kind: 'error' | 'warning') =>
  (content: MessageArgs[0], ...rest: MessageArgs extends [unknown, ...infer R] ? R : never) =>
    messageApi()[kind](typeof content === 'string' ? { content, key: `${kind}:${content}` } : content, ...rest);

export const message: MessageInstance = {
  info: (...args) => messageApi().info(...args),
  success: (...args) => messageApi().success(...args),
  error: once('error'),
  warning: once('warning'),
  loading: (...args) => messageApi().loading(...args),
  open: (...args) => messageApi().open(...args),
  destroy: (...args) => messageApi().destroy(...args),
};

export const modal: ModalHookAPI = {
  info: (...args) => modalApi().info(...args),
  success: (...args) => modalApi().success(...args),
  error: (...args) => modalApi().error(...args),
  warning: (...args) => modalApi().warning(...args),
  confirm: (...args) => modalApi().confirm(...args),
};

export const notification: NotificationInstance = {
  info: (...args) => notificationApi().info(...args),
  success: (...args) => notificationApi().success(...args),
  error: (...args) => notificationApi().error(...args),
  warning: (...args) => notificationApi().warning(...args),
  open: (...args) => notificationApi().open(...args),
  destroy: (...args) => notificationApi().destroy(...args),
};

export const feedback = { message, modal, notification };
