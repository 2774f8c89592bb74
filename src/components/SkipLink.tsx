/**
 * 跳到主要内容: the first thing a keyboard reaches on every page (WCAG 2.4.1). Hidden until it has
 * the focus; it moves the focus to the page's main content (`MAIN_CONTENT_ID`: the console
 * layout's content, or the <main> of a public page) without touching the url.
 */
import type { MouseEvent } from 'react';
import { UI_TEXT } from '@/locales/zh-CN/common';

export const MAIN_CONTENT_ID = 'main-content';

function focusMainContent(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(MAIN_CONTENT_ID);
  if (!target) return;
  event.preventDefault();
  // Focusing scrolls the content into view.
  target.focus();
}

export default function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={focusMainContent}>
      {UI_TEXT.skipToContent}
    </a>
  );
}
