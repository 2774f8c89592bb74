/**
 * Where each open page was scrolled to, so switching back to its tab shows the same rows. The
 * window scrolls (the layout's header is fixed); a page's rows arrive after it opens, so the
 * restore waits until the page is tall enough, and gives up when the user scrolls first.
 */
const positions = new Map<string, number>();

/** Records the window's scroll for `path` while it is the page shown (not while the next page replaces it). */
export function watchScroll(path: string): () => void {
  const onScroll = () => {
    if (window.location.pathname === path) positions.set(path, window.scrollY);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

export const rememberedScroll = (path: string) => positions.get(path) ?? 0;

export function forgetScroll(paths: Iterable<string>): void {
  for (const path of paths) positions.delete(path);
}

/** The longest a restore waits for the page's rows. */
export const RESTORE_TIMEOUT_MS = 3000;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/** Scrolls the window to `top` once the page is tall enough (within RESTORE_TIMEOUT_MS). */
export function restoreScroll(top: number): () => void {
  let frame = 0;
  const started = performance.now();
  const stop = () => {
    cancelAnimationFrame(frame);
    USER_SCROLL_EVENTS.forEach((name) => window.removeEventListener(name, stop));
  };
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight;
    if (reachable >= top || performance.now() - started > RESTORE_TIMEOUT_MS) {
      window.scrollTo({ top: Math.min(top, Math.max(reachable, 0)) });
      stop();
      return;
    }
    frame = requestAnimationFrame(attempt);
  };
  USER_SCROLL_EVENTS.forEach((name) => window.addEventListener(name, stop, { passive: true }));
  attempt();
  return stop;
}
