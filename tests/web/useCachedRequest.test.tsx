/**
 * `useCachedRequest`: ahooks' `cacheKey` behaviour (a screen that comes back starts from its last
 * answer, one request per key at a time) without updating a render React threw away.
 */
import { act, render, screen } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { startTransition, Suspense, useState } from 'react';
import { useCachedRequest } from '@/services/useCachedRequest';
import { recordConsoleProblems } from './support/consoleProblems';

const problems = recordConsoleProblems();

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

let nextKey = 0;
const freshKey = () => `test/${(nextKey += 1)}`;

function Figure({ cacheKey, service, label = 'figure' }: { cacheKey: string; service: () => Promise<string>; label?: string }) {
  const { data, loading } = useCachedRequest(service, { cacheKey });
  return <output aria-label={label}>{loading && !data ? '加载中' : data}</output>;
}

/** Suspends for good: the transition that renders it is never committed. */
function Suspender(): null {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- suspending is throwing a promise (React's Suspense protocol)
  throw new Promise(() => {});
}

/**
 * React throws a render away and never mounts it: a transition whose new content suspends is left
 * uncommitted, and the screen is then replaced (as 首页 is right after login, when the layout swaps
 * what it shows while a chunk loads). ahooks subscribed that render to the key all the same.
 */
it('never updates a render React threw away: no warning when the key answers', async () => {
  const key = freshKey();
  const answer = deferred<string>();
  const service = jest.fn(() => answer.promise);
  let showFigure: () => void = () => {};
  function Screen() {
    const [shown, setShown] = useState(false);
    showFigure = () => startTransition(() => setShown(true));
    return shown ? (
      <>
        <Figure cacheKey={key} service={service} label="thrown away" />
        <Suspender />
      </>
    ) : (
      <span>之前</span>
    );
  }
  const view = render(
    <Suspense fallback={<span>等待</span>}>
      <Screen />
    </Suspense>,
  );
  await act(async () => showFigure());
  expect(screen.getByText('之前')).toBeInTheDocument();
  view.rerender(<Figure cacheKey={key} service={service} />);
  await act(async () => {
    answer.resolve('42');
    await answer.promise;
  });
  expect(screen.getByLabelText('figure')).toHaveTextContent('42');
  expect(service).toHaveBeenCalledTimes(1);
  expect(problems().filter((text) => /hasn't mounted yet|unmounted component/.test(text))).toEqual([]);
});

it('a screen that comes back starts from its last answer and refreshes it', async () => {
  const key = freshKey();
  const first = render(<Figure cacheKey={key} service={async () => '一'} />);
  expect(await screen.findByText('一')).toBeInTheDocument();
  first.unmount();

  const second = deferred<string>();
  render(<Figure cacheKey={key} service={() => second.promise} />);
  // The cached answer is on the first render, before any request ends.
  expect(screen.getByLabelText('figure')).toHaveTextContent('一');
  await act(async () => {
    second.resolve('二');
    await second.promise;
  });
  expect(screen.getByLabelText('figure')).toHaveTextContent('二');
});

it('two components on one key share one request and both show its answer', async () => {
  const key = freshKey();
  const answer = deferred<string>();
  const service = jest.fn(() => answer.promise);
  render(
    <>
      <Figure cacheKey={key} service={service} label="a" />
      <Figure cacheKey={key} service={service} label="b" />
    </>,
  );
  await act(async () => {
    answer.resolve('同一个');
    await answer.promise;
  });
  expect(service).toHaveBeenCalledTimes(1);
  expect(screen.getByLabelText('a')).toHaveTextContent('同一个');
  expect(screen.getByLabelText('b')).toHaveTextContent('同一个');
});

it("the console's sources give ahooks' useRequest no cacheKey (useCachedRequest instead)", () => {
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name.startsWith('.umi')) return [];
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  const offending = files(path.resolve(__dirname, '../../src')).filter((file) => {
    const text = fs.readFileSync(file, 'utf8');
    if (file.endsWith(path.join('services', 'useCachedRequest.ts'))) return false;
    return /import\s*\{[^}]*\buseRequest\b[^}]*\}\s*from\s*['"]ahooks['"]/.test(text) && /\bcacheKey\b\s*[:,}]/.test(text);
  });
  expect(offending.map((file) => path.relative(process.cwd(), file))).toEqual([]);
});
