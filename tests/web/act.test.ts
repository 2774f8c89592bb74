/** act(): a screen's action with its success toast and reload; a refusal ends it quietly (its toast is the request layer's). */
import { act } from '@/kit/act';
import { callApi, RequestError } from '@/services/request';
import { message } from '@/kit/feedback';
import { byPath, refusal } from './support/requestMock';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());

let success: jest.SpyInstance;
beforeEach(() => {
  success = jest.spyOn(message, 'success').mockImplementation(() => (() => {}) as never);
});
afterEach(() => jest.restoreAllMocks());

it('toasts its sentence, reloads, and answers the content (true for a call that answers none)', async () => {
  jest.mocked(callApi).mockImplementation(byPath({ 'order/confirm': null, 'shop/unbind': { id: 7, name: '小店' } }));
  const reload = jest.fn();
  await expect(act('order/confirm', { orderNo: 'A1' }, '已确认', reload)).resolves.toBe(true);
  expect(callApi).toHaveBeenCalledWith('order/confirm', { orderNo: 'A1' });
  expect(success).toHaveBeenCalledWith('已确认');
  expect(reload).toHaveBeenCalledTimes(1);
  await expect(act('shop/unbind', { id: 7 })).resolves.toMatchObject({ id: 7 });
  expect(success).toHaveBeenLastCalledWith('操作成功');
});

it('a refusal resolves undefined: no success toast, no reload, nothing thrown', async () => {
  jest.mocked(callApi).mockImplementation(byPath({ 'order/refund': refusal('订单状态已变化') }));
  const reload = jest.fn();
  await expect(act('order/refund', { orderNo: 'A1' }, '已退款', reload)).resolves.toBeUndefined();
  expect(success).not.toHaveBeenCalled();
  expect(reload).not.toHaveBeenCalled();
});

it('a call that got no answer still throws, as it did before act', async () => {
  jest.mocked(callApi).mockRejectedValue(new RequestError('网络异常，请检查网络'));
  await expect(act('order/cancel', { orderNo: 'A1' }, '已取消')).rejects.toBeInstanceOf(RequestError);
});
