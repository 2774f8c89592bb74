import '@testing-library/jest-dom';
import { configure, waitFor } from '@testing-library/react';
import { message, Modal, notification } from 'antd';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import { registerFeedback } from '@/kit/feedback';

// A screen rendered alone has no <App> (src/kit/FeedbackHost.tsx, mounted by src/app.tsx): antd's
// static functions show its toasts and confirmations.
registerFeedback({ message, modal: Modal as unknown as ModalHookAPI, notification });

// findBy… and waitFor wait up to 5 s instead of 1: a screen's first render (antd, pro-components) took
// more than a second on a loaded two-core machine, and a passing wait ends as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

// antd reads these; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

// antd's confirmations render outside the test's container and close with motion: one a test left
// open (or still leaving) must not answer the next test's query for the same button.
afterEach(async () => {
  Modal.destroyAll();
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull(), { timeout: 5_000 });
});
