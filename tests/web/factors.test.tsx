/**
 * Second factors in the console: TotpEnrolment (the QR code, the secret in groups of four, the
 * code confirmed with the session it was given) and 个人设置's 两步验证 (the overview, 绑定 up to the
 * recovery codes, 删除 only after its confirmation).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import TotpEnrolment from '@/components/factors/TotpEnrolment';
import { FACTOR_SETTINGS_TEXT as S, FACTOR_TEXT as T } from '@/locales/zh-CN/factors';
import FactorsPanel from '@/pages/client/UserSettings/FactorsPanel';
import { callApi } from '@/services/request';
import { byPath } from './support/requestMock';

/** A button by its words (antd spaces two characters); role queries walk the whole DOM in jsdom, seconds each. */
const button = (words: RegExp, inside: ParentNode = document) =>
  [...inside.querySelectorAll('button')].find((element) => words.test(element.textContent ?? '')) as HTMLButtonElement;

jest.mock('@umijs/max', () => ({ useModel: () => ({ initialState: { username: 'amy' } }) }));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, index) => `AAAA-BBBB-CCCC-DDDD-EEEE-FF${String(index).padStart(2, '0')}`);
const begin = { secret: SECRET, uri: `otpauth://totp/amy?secret=${SECRET}` };

/** Types the six digits into the code cells (as a paste into the first cell). */
const typeCode = async (code: string) => {
  const first = await screen.findByLabelText(T.totpCodeCell(1));
  // In act: the confirmation the sixth digit starts settles within it.
  await act(async () => {
    fireEvent.input(first, { target: { value: code } });
  });
};

const overview = (extra: object = {}) => ({
  required: true,
  totp: null,
  passkeys: [{ id: 7, name: '办公室电脑', createdAt: '2026-11-20T08:05:00.000Z', lastUsedAt: null }],
  recoveryCodesLeft: 2,
  ...extra,
});

describe('TotpEnrolment', () => {
  it('shows the QR code and the grouped secret, and confirms the code with the token it was given', async () => {
    const onEnrolled = jest.fn();
    jest.mocked(callApi).mockImplementation(byPath({ 'factor/totpBegin': begin, 'factor/totpConfirm': { recoveryCodes: CODES } }));
    render(<TotpEnrolment token="pending-token" onEnrolled={onEnrolled} />);
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByLabelText(T.totpQr)).toBeInTheDocument();
    await typeCode('492039');
    await waitFor(() => expect(onEnrolled).toHaveBeenCalledWith(CODES));
    expect(jest.mocked(callApi).mock.calls as unknown[]).toEqual([
      ['factor/totpBegin', {}, { token: 'pending-token' }],
      ['factor/totpConfirm', { code: '492039' }, { token: 'pending-token' }],
    ]);
  });
});

describe('个人设置 两步验证', () => {
  it('shows the overview: on, required by a role, the passkeys and a warning when few codes are left', async () => {
    jest.mocked(callApi).mockImplementation(byPath({ 'factor/overview': overview() }));
    render(<FactorsPanel />);
    expect(await screen.findByText(S.on)).toBeInTheDocument();
    expect(screen.getByText(S.requiredTag)).toBeInTheDocument();
    expect(screen.getByText('办公室电脑')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(S.neverUsed))).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent(S.codesLeft(2));
    expect(screen.getByText(S.codesLow)).toBeInTheDocument();
  });

  it('绑定 shows the QR code; the right code shows the recovery codes, closed only once kept', async () => {
    let bound = false;
    jest.mocked(callApi).mockImplementation(
      byPath({
        'factor/overview': () =>
          bound
            ? overview({
                required: false,
                passkeys: [],
                recoveryCodesLeft: 10,
                totp: { id: 3, createdAt: '2026-11-21T08:00:00.000Z', lastUsedAt: null },
              })
            : overview({ required: false, passkeys: [], recoveryCodesLeft: 0 }),
        'factor/totpBegin': begin,
        'factor/totpConfirm': () => {
          bound = true;
          return { recoveryCodes: CODES };
        },
      }),
    );
    render(<FactorsPanel />);
    expect(await screen.findByText(S.off)).toBeInTheDocument();
    fireEvent.click(button(/^绑\s*定$/));
    expect(await screen.findByLabelText(T.totpQr)).toBeInTheDocument();
    await typeCode('123456');
    const codes = await screen.findByTestId('recovery-codes');
    expect([...codes.querySelectorAll('li')].map((item) => item.textContent)).toEqual(CODES);
    const done = button(/^完\s*成$/);
    expect(done).toBeDisabled();
    fireEvent.click(screen.getByLabelText(T.codesSaved));
    fireEvent.click(done);
    expect(await screen.findByText(S.on)).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent(S.codesLeft(10));
  });

  it('删除 asks first and removes only once confirmed', async () => {
    jest.mocked(callApi).mockImplementation(byPath({ 'factor/overview': overview({ required: false }), 'factor/remove': null }));
    render(<FactorsPanel />);
    await screen.findByText('办公室电脑');
    fireEvent.click(button(/^删\s*除$/));
    const confirm = await screen.findByText(S.removePasskeyConfirm('办公室电脑'));
    expect(screen.getByText(S.removeLastExplain)).toBeInTheDocument();
    expect(jest.mocked(callApi).mock.calls.map(([path]) => path)).not.toContain('factor/remove');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(button(/^删\s*除$/, popover));
    await waitFor(() => expect(jest.mocked(callApi)).toHaveBeenCalledWith('factor/remove', { id: 7 }));
  });
});
