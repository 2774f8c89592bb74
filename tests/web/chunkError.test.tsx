/** A failed chunk load (a stale tab after a deploy) offers a reload instead of a blank page. */
import { fireEvent, render, screen } from '@testing-library/react';
import ChunkErrorBoundary, { isChunkLoadError } from '@/components/ChunkErrorBoundary';

function Throws({ error }: { error: Error }): never {
  throw error;
}

/** What jsdom reports when the page asks it to navigate (a reload included). */
const navigationAttempt = expect.objectContaining({ message: expect.stringMatching(/^Not implemented: navigation/) });

const chunkError = () => Object.assign(new Error('Loading chunk 573 failed.\n(timeout: /573.async.js)'), { name: 'ChunkLoadError' });

describe('ChunkErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

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

  it('offers a reload that reloads the page', () => {
    render(
      <ChunkErrorBoundary>
        <Throws error={chunkError()} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('页面资源加载失败');
    expect(console.error).not.toHaveBeenCalledWith(navigationAttempt);
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    // jsdom's location can not be replaced (it is unforgeable) and does not navigate: it reports
    // the reload it was asked for as a navigation it does not implement, through console.error.
    expect(console.error).toHaveBeenCalledWith(navigationAttempt);
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
