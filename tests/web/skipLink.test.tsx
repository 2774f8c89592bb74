import { fireEvent, render, screen } from '@testing-library/react';
import SkipLink, { MAIN_CONTENT_ID } from '@/components/SkipLink';
import { UI_TEXT } from '@/locales/zh-CN/common';

describe('跳到主要内容', () => {
  it('moves the keyboard focus to the main content without changing the url', () => {
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/elsewhere">菜单</a>
        </nav>
        <div id={MAIN_CONTENT_ID} tabIndex={-1}>
          内容
        </div>
      </>,
    );
    const link = screen.getByRole('link', { name: UI_TEXT.skipToContent });
    const before = window.location.href;
    link.focus();
    fireEvent.click(link);
    expect(document.activeElement).toBe(document.getElementById(MAIN_CONTENT_ID));
    expect(window.location.href).toBe(before);
  });

  it('leaves the page alone where there is no main content to go to', () => {
    render(<SkipLink />);
    const link = screen.getByRole('link', { name: UI_TEXT.skipToContent });
    link.focus();
    fireEvent.click(link);
    expect(document.activeElement).toBe(link);
  });
});
