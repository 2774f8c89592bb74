/**
 * antd's message, modal and notification for the whole console, screens and code outside
 * components alike (the request layer, plug-in flows). They are the instances of antd's `<App>`
 * (`App.useApp()`), so they read the console's theme and locale, which antd's static functions can
 * not (and warn about in development). `<App>` and its feedback components (with the form library
 * antd's dialogs pull in) are not in the entry chunk that /login's JavaScript budget counts:
 * src/app.tsx mounts `FeedbackHost` (./FeedbackHost.tsx) lazily, and a call made before it has
 * mounted (the first milliseconds) waits for it and is then shown. A test that renders a screen
 * alone registers antd's static functions instead (tests/web/setup.ts).
 *
 * The same error or warning text shown again while it is still on screen replaces itself instead of
 * stacking: calls made together that fail alike (startup's two, a mock scenario for every call) say it once.
 *
 * The facades answer nothing: a call may wait for the host, so there is no antd return value to hand back.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

export interface FeedbackInstances {
  message: MessageInstance;
  modal: ModalHookAPI;
  notification: NotificationInstance;
}

let current: FeedbackInstances | null = null;
let waiting: Array<(instances: FeedbackInstances) => void> = [];

/** The instances every call uses from now on; calls made before are shown now, in order. */
export function registerFeedback(instances: FeedbackInstances): void {
  current = instances;
  const calls = waiting;
  waiting = [];
  for (const call of calls) call(instances);
}

function whenMounted(call: (instances: FeedbackInstances) => unknown): void {
  if (current) call(current);
  else waiting.push(call);
}

/** A facade of `T`'s methods that answer nothing. */
type Calls<T> = { [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => void : never };

type MessageArgs = Parameters<MessageInstance['error']>;

/** A plain text error or warning gets a key of its own text, so showing it again replaces it. */
const once =
  (kind: 'error' | 'warning') =>
  (content: MessageArgs[0], ...rest: MessageArgs extends [unknown, ...infer R] ? R : never) =>
    whenMounted(({ message }) => message[kind](typeof content === 'string' ? { content, key: `${kind}:${content}` } : content, ...rest));

export const message: Calls<Omit<MessageInstance, 'destroy'>> & { destroy(key?: string | number): void } = {
  info: (...args) => whenMounted(({ message }) => message.info(...args)),
  success: (...args) => whenMounted(({ message }) => message.success(...args)),
  error: once('error'),
  warning: once('warning'),
  loading: (...args) => whenMounted(({ message }) => message.loading(...args)),
  open: (...args) => whenMounted(({ message }) => message.open(...args)),
  destroy: (key) => whenMounted(({ message }) => message.destroy(key)),
};

export const modal: Calls<ModalHookAPI> = {
  info: (...args) => whenMounted(({ modal }) => modal.info(...args)),
  success: (...args) => whenMounted(({ modal }) => modal.success(...args)),
  error: (...args) => whenMounted(({ modal }) => modal.error(...args)),
  warning: (...args) => whenMounted(({ modal }) => modal.warning(...args)),
  confirm: (...args) => whenMounted(({ modal }) => modal.confirm(...args)),
};

export const notification: Calls<NotificationInstance> = {
  info: (...args) => whenMounted(({ notification }) => notification.info(...args)),
  success: (...args) => whenMounted(({ notification }) => notification.success(...args)),
  error: (...args) => whenMounted(({ notification }) => notification.error(...args)),
  warning: (...args) => whenMounted(({ notification }) => notification.warning(...args)),
  open: (...args) => whenMounted(({ notification }) => notification.open(...args)),
  destroy: (...args) => whenMounted(({ notification }) => notification.destroy(...args)),
};

export const feedback = { message, modal, notification };
