/** 脚本编辑's editor drawer: a script outside the step language is shown on its line, in Chinese, and never sent. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ScriptEditorDrawer from '@/pages/client/system/JsonEditor/components/ScriptEditorDrawer';
import { scriptDiagnostic } from '@/pages/client/system/JsonEditor/components/scriptLint';
import { callApi } from '@/services/request';
import { byPath } from './support/requestMock';
import { UNSAVED_TEXT } from '@/locales/zh-CN/common';
import { SANDBOX_ATTACKS } from '../support/sandboxAttacks';
import { stepNotes } from '@/pages/client/system/JsonEditor/components/scriptHealth';
import { stepPosition } from '#contract/pluginScripts';
import dayjs from 'dayjs';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());
// CodeMirror is not what is under test here: a textarea stands in for the lazy editor.
jest.mock('@/pages/client/system/JsonEditor/components/lazyEditors', () => ({
  JsonEditor: ({ value, onChange }: { value: string; onChange?: (value: string) => void }) => (
    <textarea aria-label="脚本内容" value={value} onChange={(event) => onChange?.(event.target.value)} />
  ),
  formatJson: (text: string) => text,
}));

const STOP = '{\n  "flow": "stop",\n  "steps": [{ "step": "click", "selector": "#stop" }]\n}';
const MISSING_SELECTOR =
  '{\n  "flow": "join",\n  "steps": [\n    { "step": "waitFor", "selector": "#a" },\n    { "step": "click" }\n  ]\n}';

const script = {
  id: 7,
  kind: 'action' as const,
  name: '停止达人邀约',
  enabled: true,
  currentVersion: 1,
  updatedBy: 'admin',
  updatedAt: '2026-11-20T08:00:00.000Z',
  content: STOP,
};

describe('ScriptEditorDrawer', () => {
  beforeEach(() => {
    jest
      .mocked(callApi)
      .mockReset()
      .mockImplementation(byPath({ 'script/get': script }));
  });

  it('shows a step-language problem with its line and step before saving, and sends nothing', async () => {
    render(<ScriptEditorDrawer scriptId={7} onClose={() => {}} onSaved={() => {}} />);
    const editor = await screen.findByLabelText('脚本内容');
    fireEvent.change(editor, { target: { value: MISSING_SELECTOR } });
    await act(async () => {
      fireEvent.click(screen.getByText('保 存').closest('button') ?? screen.getByText('保存').closest('button')!);
    });
    const problem = await screen.findByTestId('json-problem');
    expect(problem).toHaveTextContent('脚本有误');
    expect(problem).toHaveTextContent('第 5 行：第 2 步（click）缺少 selector');
    expect(callApi).not.toHaveBeenCalledWith('script/save', expect.anything());
  });

  it('sends a valid script', async () => {
    jest.mocked(callApi).mockImplementation(byPath({ 'script/get': script, 'script/save': { ...script, currentVersion: 2 } }));
    render(<ScriptEditorDrawer scriptId={7} onClose={() => {}} onSaved={() => {}} />);
    const editor = await screen.findByLabelText('脚本内容');
    const valid = STOP.replace('#stop', '#stop-invite');
    fireEvent.change(editor, { target: { value: valid } });
    await act(async () => {
      fireEvent.click(screen.getByText('保 存').closest('button') ?? screen.getByText('保存').closest('button')!);
    });
    await waitFor(() => expect(callApi).toHaveBeenCalledWith('script/save', { id: 7, baseVersion: 1, content: valid, note: undefined }));
    expect(screen.queryByTestId('json-problem')).not.toBeInTheDocument();
  });
});

describe('ScriptEditorDrawer with unsaved edits', () => {
  beforeEach(() => {
    jest.mocked(callApi).mockImplementation(byPath({ 'script/get': script }));
  });

  const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape', keyCode: 27 });

  it('closes at once when nothing changed', async () => {
    const onClose = jest.fn();
    render(<ScriptEditorDrawer scriptId={7} onClose={onClose} onSaved={() => {}} />);
    await screen.findByLabelText('脚本内容');
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before the close button discards them, keeps them on 继续编辑, and holds the page meanwhile', async () => {
    const onClose = jest.fn();
    render(<ScriptEditorDrawer scriptId={7} onClose={onClose} onSaved={() => {}} />);
    const editor = await screen.findByLabelText('脚本内容');
    fireEvent.change(editor, { target: { value: STOP.replace('#stop', '#edited') } });

    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    expect((await screen.findAllByText(UNSAVED_TEXT.title, {}, { timeout: 5_000 })).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: UNSAVED_TEXT.keepEditing }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('脚本内容')).toHaveValue(STOP.replace('#stop', '#edited'));

    // Leaving the page is held by the browser's own prompt meanwhile.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
  });

  it('asks before Esc discards them, and closes on 放弃修改', async () => {
    const onClose = jest.fn();
    render(<ScriptEditorDrawer scriptId={7} onClose={onClose} onSaved={() => {}} />);
    const editor = await screen.findByLabelText('脚本内容');
    fireEvent.change(editor, { target: { value: STOP.replace('#stop', '#edited') } });
    editor.focus();
    pressEscape();
    // The confirmation opens with antd's motion: give a loaded machine time.
    fireEvent.click(await screen.findByRole('button', { name: UNSAVED_TEXT.discard }, { timeout: 5_000 }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe('the editor gutter (scriptDiagnostic)', () => {
  it.each(SANDBOX_ATTACKS)('marks $name on its line, before anything is sent', ({ kind, text, line, problem }) => {
    expect(scriptDiagnostic(text, kind)).toMatchObject({ line, message: `第 ${line} 行：${problem}` });
  });

  it('marks the line of the step with the problem, and only JSON syntax without a kind', () => {
    const found = scriptDiagnostic(MISSING_SELECTOR, 'action');
    expect(found).toMatchObject({ line: 5, message: '第 5 行：第 2 步（click）缺少 selector' });
    expect(MISSING_SELECTOR.slice(found!.from, found!.to)).toBe('{ "step": "click" }');
    expect(scriptDiagnostic(MISSING_SELECTOR)).toBeNull();
    expect(scriptDiagnostic('{"flow": }', 'action')).toMatchObject({ line: 1, message: '第 1 行第 10 列：此处应为值，实际为“}”' });
    expect(scriptDiagnostic(STOP, 'action')).toBeNull();
    expect(scriptDiagnostic(STOP, 'url')?.message).toMatch(/^第 2 行：链接脚本有未知的字段 flow/);
  });
});

describe('ScriptEditorDrawer with the script’s health', () => {
  it('shows the success rate of the version the plug-in runs, with its counts on hover', async () => {
    const health = {
      scriptId: 7,
      versions: [
        {
          version: 1,
          runs: 9,
          succeeded: 6,
          partlyFailed: 1,
          failed: 1,
          stopped: 1,
          successRate: 0.75,
          lastRunAt: '2026-11-28T02:00:00.000Z',
          steps: [{ index: 1, name: 'click', failures: 2, firstSeen: '2026-11-27T02:00:00.000Z', lastSeen: '2026-11-28T02:00:00.000Z' }],
        },
      ],
    };
    jest.mocked(callApi).mockImplementation(byPath({ 'script/get': { ...script, liveVersion: 1 }, 'script/health': health }));
    render(<ScriptEditorDrawer scriptId={7} onClose={() => {}} onSaved={() => {}} />);
    const line = await screen.findByTestId('script-health');
    expect(line).toHaveTextContent('插件所得第 1 版');
    expect(await within(line).findByText('成功率 75%')).toBeInTheDocument();
  });
});

describe('stepNotes and stepPosition', () => {
  it('words a failing step for its line, and finds the line of a top-level step', () => {
    expect(
      stepNotes({
        version: 2,
        runs: 3,
        succeeded: 1,
        partlyFailed: 0,
        failed: 2,
        stopped: 0,
        successRate: 0.3333,
        lastRunAt: null,
        steps: [{ index: 2, name: 'click', failures: 2, firstSeen: '2026-11-27T02:00:00.000Z', lastSeen: '2026-11-28T02:05:00.000Z' }],
      }),
    ).toEqual([
      { index: 2, message: `插件运行中此步骤失败 2 次（最近一次 ${dayjs('2026-11-28T02:05:00.000Z').format('YYYY-MM-DD HH:mm')}）` },
    ]);
    expect(stepPosition(MISSING_SELECTOR, 2)).toEqual({ offset: MISSING_SELECTOR.indexOf('{ "step": "click"'), line: 5 });
    expect(stepPosition(MISSING_SELECTOR, 3)).toBeNull();
    expect(stepPosition('{ "steps": [', 1)).toBeNull();
  });
});
