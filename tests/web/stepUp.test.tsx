/**
 * 验证身份 (src/auth/StepUpDialog.tsx): a sensitive call answered A0214 asks for the password, and once
 * account/stepUp proves it the same call goes again and resolves as if nothing happened; 取消 refuses
 * it quietly; calls refused together share one dialog.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import StepUpDialog from '@/auth/StepUpDialog';
import { feedback } from '@/kit/feedback';
import { STEP_UP_TEXT } from '@/locales/zh-CN/account';
import { CallRefusal, callApi } from '@/services/request';
import { CODE_MESSAGES, CODES } from '#contract/codes';
import { fail, installFetch, ok } from './support/fakeFetch';

jest.mock('@umijs/max', () => ({ history: { push: jest.fn() } }));

const stepUpRequired = fail(CODES.STEP_UP_REQUIRED, CODE_MESSAGES[CODES.STEP_UP_REQUIRED]);
const proved = ok({ provedUntil: '2026-11-20T08:05:00.000Z' });

let error: jest.SpyInstance;
beforeEach(() => {
  error = jest.spyOn(feedback.message, 'error').mockImplementation(() => (() => {}) as never);
});
afterEach(() => jest.restoreAllMocks());

const passwordField = () => screen.getByLabelText(STEP_UP_TEXT.password);
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: STEP_UP_TEXT.submit })));

describe('step-up dialog', () => {
  it('asks for the password, keeps a wrong one on its field, then sends the refused call again', async () => {
    const calls = installFetch(
      stepUpRequired,
      fail(CODES.WRONG_PASSWORD, '密码不正确', { field: 'password' }),
      proved,
      ok({ id: 3, removed: true }),
    );
    render(<StepUpDialog />);
    const removal = callApi('bankCard/remove', { id: 3 });

    expect(await screen.findByRole('dialog', { name: STEP_UP_TEXT.title })).toBeInTheDocument();
    fireEvent.change(passwordField(), { target: { value: 'wrong-one' } });
    await submit();
    expect(await screen.findByText('密码不正确')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: STEP_UP_TEXT.title })).toBeInTheDocument();

    fireEvent.change(passwordField(), { target: { value: 'Sturdy#Key-2468' } });
    await submit();
    await expect(removal).resolves.toEqual({ id: 3, removed: true });
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/bankCard/remove', { id: 3 }],
      ['/api/admin/account/stepUp', { password: 'wrong-one' }],
      ['/api/admin/account/stepUp', { password: 'Sturdy#Key-2468' }],
      ['/api/admin/bankCard/remove', { id: 3 }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: STEP_UP_TEXT.title })).not.toBeInTheDocument());
    expect(error).not.toHaveBeenCalled();
  });

  it('取消 refuses the call with A0214 and says nothing more', async () => {
    const calls = installFetch(stepUpRequired);
    render(<StepUpDialog />);
    const removal = callApi('bankCard/remove', { id: 3 });
    await screen.findByRole('dialog', { name: STEP_UP_TEXT.title });
    const refused = removal.catch((error: unknown) => error);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^取\s*消$/ })));
    const refusal = await refused;
    expect(refusal).toBeInstanceOf(CallRefusal);
    expect(refusal).toMatchObject({ code: CODES.STEP_UP_REQUIRED });
    expect(calls).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('calls refused together wait for one dialog, and all go again after one proof', async () => {
    const calls = installFetch(stepUpRequired, stepUpRequired, proved, ok(null));
    render(<StepUpDialog />);
    const first = callApi('withdrawal/approve', { id: 1 });
    const second = callApi('withdrawal/approve', { id: 2 });
    await screen.findByRole('dialog', { name: STEP_UP_TEXT.title });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.change(passwordField(), { target: { value: 'Sturdy#Key-2468' } });
    await submit();
    await expect(Promise.all([first, second])).resolves.toEqual([null, null]);
    expect(calls.filter((call) => call.url.endsWith('/account/stepUp'))).toHaveLength(1);
    expect(calls.filter((call) => call.url.endsWith('/withdrawal/approve')).map((call) => call.body)).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 1 },
      { id: 2 },
    ]);
  });
});
