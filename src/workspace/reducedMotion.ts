/**
 * The system's "reduce motion" preference (prefers-reduced-motion), followed live: with it, the
 * console's antd theme turns its motions off (dialogs, drawers, menus and messages appear and go
 * at once; WCAG 2.3.3).
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const query = () => window.matchMedia(QUERY);

function subscribe(listener: () => void) {
  const list = query();
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

export const prefersReducedMotion = () => query().matches;

export const usePrefersReducedMotion = () => useSyncExternalStore(subscribe, prefersReducedMotion);
