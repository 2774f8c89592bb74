/**
 * useQueryParam (src/kit/useQueryParam.ts): writes the parameter into the screen's own address, and
 * never once the user has moved to another page (a late answer must not take the user back).
 */
import { act, render } from '@testing-library/react';
import { history } from '@umijs/max';
import useQueryParam from '@/kit/useQueryParam';

jest.mock('@umijs/max', () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
  require('./support/umiRouter').memoryUmi('/client/system/appManager/scriptManager'),
);

let setRelease: (value: string | null, replace?: boolean) => void = () => {};

function Screen() {
  const [release, set] = useQueryParam('release');
  setRelease = set;
  return <span>{release ?? 'none'}</span>;
}

it('writes the parameter into the address, replacing or adding an entry', () => {
  history.replace('/client/system/appManager/scriptManager');
  const { getByText } = render(<Screen />);
  act(() => setRelease('1', true));
  expect(`${history.location.pathname}${history.location.search}`).toBe('/client/system/appManager/scriptManager?release=1');
  expect(getByText('1')).toBeTruthy();
  act(() => setRelease(null));
  expect(history.location.search).toBe('');
  expect(history.action).toBe('PUSH');
});

it('writes nothing once the address is another page, with the screen still drawn', () => {
  history.replace('/client/system/appManager/scriptManager');
  render(<Screen />);
  const lateWrite = setRelease;
  // The user moves on: history is at the next page before that page's code has loaded and drawn.
  act(() => history.push('/client/system/appManager/appVersion'));
  act(() => lateWrite('1', true));
  expect(`${history.location.pathname}${history.location.search}`).toBe('/client/system/appManager/appVersion');
});
