/**
 * A failed chunk load offers a way out instead of a blank page: a reload when the server answers (a
 * stale tab after a deploy), a retry when it does not (the server or the network is down).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import ChunkErrorBoundary, { HEALTH_PATH, isChunkLoadError } from '@/components/ChunkErrorBoundary';
import { PAGE_ERROR_TEXT } from '@/locales/zh-CN/common';

function Throws({ error }: { error: Error }): never {
  throw error;
}

/** What jsdom reports when the page asks it to navigate (a reload included). */
const navigationAttempt = expect.objectContaining({ message: expect.stringMatching(/^Not implemented: navigation/) });

const chunkError = () => Object.assign(new Error('Loading chunk 573 failed.\n(timeout: /573.async.js)'), { name: 'ChunkLoadError' });

/** The health probe's outcome: an answer, or the network error fetch rejects with. */
function serverAnswering(answers: boolean) {
  global.fetch = jest.fn(() =>
    answers ? Promise.resolve({ ok: true, status: 200 } as Response) : Promise.reject(new TypeError('Failed to fetch')),
  );
}

describe('ChunkErrorBoundary', () => {
  const realFetch = global.fetch;
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => {
    jest.restoreAllMocks();
    global.fetch = realFetch;
  });

  it('recognises webpack script and stylesheet chunk failures', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 12 failed.\n(/12.chunk.css)'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });

  it('renders its children when nothing fails', () => {
    render(
      <ChunkErrorBoundary>
        <p>content</p>
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText('content')).toBeInTheDocument();
  });

  it('when the server answers (a tab left open across a deploy), offers a reload that reloads the page', async () => {
    serverAnswering(true);
    render(
      <ChunkErrorBoundary>
        <Throws error={chunkError()} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(PAGE_ERROR_TEXT.staleTitle);
    expect(await screen.findByText(PAGE_ERROR_TEXT.staleBody)).toBeInTheDocument();
    expect(global.fetch).toHaveBeenCalledWith(HEALTH_PATH, { cache: 'no-store' });
    expect(console.error).not.toHaveBeenCalledWith(navigationAttempt);
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    // jsdom's location can not be replaced (it is unforgeable) and does not navigate: it reports
    // the reload it was asked for as a navigation it does not implement, through console.error.
    expect(console.error).toHaveBeenCalledWith(navigationAttempt);
  });

  it('when the server does not answer, says so and retries: no reload until it answers again', async () => {
    serverAnswering(false);
    render(
      <ChunkErrorBoundary>
        <Throws error={chunkError()} />
      </ChunkErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(PAGE_ERROR_TEXT.unreachableTitle));
    expect(alert).toHaveTextContent(PAGE_ERROR_TEXT.unreachableBody);
    expect(alert).not.toHaveTextContent(PAGE_ERROR_TEXT.staleBody);

    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText(PAGE_ERROR_TEXT.stillUnreachable)).toBeInTheDocument();
    expect(console.error).not.toHaveBeenCalledWith(navigationAttempt);

    serverAnswering(true);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(console.error).toHaveBeenCalledWith(navigationAttempt));
  });

  it('says so for any other error too, never a blank page', () => {
    render(
      <ChunkErrorBoundary>
        <Throws error={new Error('boom')} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('页面出错了');
  });
});
