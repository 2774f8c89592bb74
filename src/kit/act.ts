/**
 * One action of a screen (confirm, cancel, refund, approve, reject, delete, 上架…): run the call,
 * toast `done` when it succeeds, then `reload` the table or list it changed. A refusal was already
 * toasted by `callApi` (or shown on its form field): `act` resolves `undefined` then, so a button
 * that calls it does nothing more and a dialog whose `onFinish` returns it stays open.
 *
 * Answers the call's content when it succeeds (`true` for a call that answers none). A dialog form:
 * `onFinish={async (values) => Boolean(await act('role/create', values, '角色已创建', reload))}`.
 */
import type { AnswerOf, BodyOf, CallPath } from '#contract/api';
import { callApi } from '@/services/request';
import { ignoreRefusal } from '@/services/tryCall';
import { message } from '@/kit/feedback';

export const DONE_TEXT = '操作成功';

export function act<P extends CallPath>(
  path: P,
  body: BodyOf<P>,
  done: string = DONE_TEXT,
  reload?: () => unknown,
): Promise<NonNullable<AnswerOf<P>> | true | undefined> {
  // The call starts at once (no await before it): a form's field errors find their form.
  return callApi(path, body).then((content) => {
    message.success(done);
    void reload?.();
    return content ?? true;
  }, ignoreRefusal);
}
