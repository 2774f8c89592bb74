/**
 * Toasts and confirmations come from antd's <App> (src/kit/FeedbackHost.tsx, mounted lazily in
 * src/app.tsx), so they read the ConfigProvider around it; a call made before it mounted is shown
 * once it has; the same error text shown again replaces itself; and
 * the console's sources use neither antd's static message / Modal functions nor `destroyOnClose`,
 * which warn in development.
 */
import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { destroyOnHidden } from '@/kit/dialogForm';
import { message, modal } from '@/kit/feedback';
import FeedbackHost from '@/kit/FeedbackHost';
import { recordConsoleProblems } from './support/consoleProblems';

const problems = recordConsoleProblems();
afterEach(async () => {
  await act(async () => {
    message.destroy();
  });
});

function Root({ children }: { children?: React.ReactNode }) {
  return (
    <ConfigProvider prefixCls="themed">
      <FeedbackHost />
      {children}
    </ConfigProvider>
  );
}

const notices = (text: string) =>
  Array.from(document.querySelectorAll('.themed-message-notice')).filter((node) => node.textContent?.includes(text));

describe('feedback', () => {
  it('shows message and modal through <App>, under its ConfigProvider', async () => {
    render(<Root />);
    await act(async () => {
      message.success('已保存');
    });
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(document.querySelector('.themed-message')).not.toBeNull();
    await act(async () => {
      modal.confirm({ title: '确定删除？' });
    });
    expect((await screen.findAllByText('确定删除？')).length).toBeGreaterThan(0);
    expect(document.querySelector('.themed-modal-confirm-title')).toHaveTextContent('确定删除？');
    expect(problems()).toEqual([]);
  });

  it('an error text shown again while on screen replaces itself instead of stacking', async () => {
    render(<Root />);
    await act(async () => {
      message.error('请检查网络');
      message.error('请检查网络');
      message.error('模拟失败');
    });
    await screen.findByText('模拟失败');
    expect(notices('请检查网络')).toHaveLength(1);
    expect(notices('模拟失败')).toHaveLength(1);
  });
});

describe('destroyOnHidden()', () => {
  function Dialog() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          open
        </button>
        <ModalForm title="表单" open={open} onOpenChange={setOpen} modalProps={destroyOnHidden()} initialValues={{ name: '初始' }}>
          <ProFormText name="name" label="名称" />
        </ModalForm>
      </>
    );
  }

  it('the next opening starts from the initial values, with no deprecation warning', async () => {
    render(<Dialog />);
    const input = await screen.findByLabelText<HTMLInputElement>('名称');
    expect(input.value).toBe('初始');
    fireEvent.change(input, { target: { value: '改过' } });
    expect(input.value).toBe('改过');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 600));
    });
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const again = await screen.findByLabelText<HTMLInputElement>('名称');
    expect(again.value).toBe('初始');
    expect(problems().filter((text) => /destroyOnClose|deprecated/i.test(text))).toEqual([]);
  });
});

describe('the console sources', () => {
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name === '.umi' || entry.name === '.umi-production' || entry.name === '.umi-test') return [];
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  const sources = files(path.resolve(__dirname, '../../src')).map((file) => ({
    file: path.relative(process.cwd(), file),
    text: fs.readFileSync(file, 'utf8'),
  }));

  it.each([
    ['destroyOnClose (deprecated: destroyOnHidden)', /\bdestroyOnClose\b/, ['src/kit/dialogForm.ts']],
    [
      "antd's static message / notification",
      /import\s*\{[^}]*\b(message|notification)\b[^}]*\}\s*from\s*['"]antd['"]/,
      ['src/kit/feedback.ts'],
    ],
    ["antd's static Modal functions", /\bModal\.(confirm|info|success|error|warning)\(/, []],
  ])('use no %s', (_name, pattern, allowed) => {
    expect(sources.filter(({ file, text }) => pattern.test(text) && !allowed.includes(file)).map(({ file }) => file)).toEqual([]);
  });
});
