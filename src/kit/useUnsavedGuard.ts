/**
 * Unsaved edits are never lost silently: while `dirty`, closing asks first (放弃修改 / 继续编辑),
 * and leaving or reloading the page raises the browser's own "leave site?" prompt.
 */
import { useCallback, useEffect } from 'react';
import { UNSAVED_TEXT } from '@/locales/zh-CN/common';
import { modal } from './feedback';

export function useUnsavedGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return undefined;
    const holdPage = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', holdPage);
    return () => window.removeEventListener('beforeunload', holdPage);
  }, [dirty]);

  /** Runs `close` at once when nothing is unsaved, else after the user chose to discard. */
  return useCallback(
    (close: () => void) => {
      if (!dirty) {
        close();
        return;
      }
      modal.confirm({
        title: UNSAVED_TEXT.title,
        content: UNSAVED_TEXT.content,
        okText: UNSAVED_TEXT.discard,
        okButtonProps: { danger: true },
        cancelText: UNSAVED_TEXT.keepEditing,
        onOk: close,
      });
    },
    [dirty],
  );
}
