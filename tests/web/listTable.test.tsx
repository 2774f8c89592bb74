/**
 * ListTable, the lists' ProTable with a memory: it opens in the state its URL names, each change
 * (search, page, sort, reset) is a new history entry, the back button draws the earlier state,
 * and its column settings, widths and density are kept per account.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import ListTable, { columnSettingsKey } from '@/components/ListTable';
import { MIN_COLUMN_WIDTH } from '@/components/ResizableHeaderCell';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@umijs/max', () => ({ ...require('./support/umiRouter').memoryUmi(), useModel: () => ({ initialState: { username: 'ann' } }) }));

const PATH = '/client/things';
interface Thing {
  id: number;
  name: string;
  status: string;
  amount: number;
}
// An import() type: this file has jest.mock, so babel rewrites its imports before the types go.
const COLUMNS: import('@ant-design/pro-components').ProColumns<Thing>[] = [
  { title: '名称', dataIndex: 'name' },
  { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: { pending: '待处理', done: '已完成' }, initialValue: 'pending' },
  { title: '金额', dataIndex: 'amount', search: false, sorter: true },
];
const ROWS: Thing[] = Array.from({ length: 10 }, (_, index) => ({
  id: index + 1,
  name: `thing ${index + 1}`,
  status: 'pending',
  amount: index,
}));

const request = jest.fn(async (_params: Record<string, unknown>, _sort: Record<string, string | null>) => ({
  data: ROWS,
  total: 35,
  success: true,
}));
/** The memory history's position (the mock's history is a memory one). */
const position = () => (history as unknown as { index: number }).index;
const lastCall = () => request.mock.calls[request.mock.calls.length - 1];

function open(url: string) {
  history.replace(url);
  render(<ListTable<Thing> rowKey="id" columns={COLUMNS} request={request} search={{ labelWidth: 'auto' }} />);
}

beforeEach(() => request.mockClear());

test('opens in the state its URL names: filters, page, page size and sort', async () => {
  open(`${PATH}?name=ann&status=done&current=2&pageSize=20&sort=amount:descend`);
  await waitFor(() => expect(request).toHaveBeenCalled());
  expect(lastCall()[0]).toMatchObject({ name: 'ann', status: 'done', current: 2, pageSize: 20 });
  expect(lastCall()[1]).toEqual({ amount: 'descend' });
  expect(screen.getByDisplayValue('ann')).toBeInTheDocument();
});

test('a search is one new history entry, on page 1; the back button draws the list as it was', async () => {
  open(`${PATH}?current=3`);
  await waitFor(() => expect(lastCall()?.[0]).toMatchObject({ current: 3, status: 'pending' }));
  const before = position();
  fireEvent.change(screen.getByPlaceholderText('请输入'), { target: { value: 'bob' } });
  fireEvent.click(screen.getByText(/^查\s?询$/));
  await waitFor(() => expect(history.location.search).toBe('?name=bob'));
  expect(position()).toBe(before + 1);
  await waitFor(() => expect(lastCall()[0]).toMatchObject({ name: 'bob', current: 1 }));

  act(() => history.back());
  await waitFor(() => expect(lastCall()[0]).toMatchObject({ current: 3 }));
  expect(lastCall()[0].name).toBeUndefined();
  expect(screen.queryByDisplayValue('bob')).toBeNull();
});

test('a page change and a sort are written to the URL', async () => {
  open(PATH);
  await waitFor(() => expect(request).toHaveBeenCalled());
  fireEvent.click(screen.getByTitle('2'));
  await waitFor(() => expect(history.location.search).toBe('?current=2'));
  fireEvent.click(screen.getByText('金额'));
  await waitFor(() => expect(history.location.search).toContain('sort=amount%3Aascend'));
  await waitFor(() => expect(lastCall()[1]).toEqual({ amount: 'ascend' }));
});

test('重置 returns to the initial values and drops the filters from the URL', async () => {
  open(`${PATH}?name=ann&status=done`);
  await waitFor(() => expect(lastCall()?.[0]).toMatchObject({ name: 'ann', status: 'done' }));
  fireEvent.click(screen.getByText(/^重\s?置$/));
  await waitFor(() => expect(history.location.search).toBe(''));
  await waitFor(() => expect(lastCall()[0]).toMatchObject({ status: 'pending' }));
  expect(lastCall()[0].name).toBeUndefined();
  expect(screen.queryByDisplayValue('ann')).toBeNull();
});

test("the account's column settings and density are kept in the browser, per account and screen", async () => {
  localStorage.setItem(columnSettingsKey('ann', PATH), JSON.stringify({ name: { show: false } }));
  localStorage.setItem(`${columnSettingsKey('ann', PATH)}.density`, 'small');
  localStorage.setItem(columnSettingsKey('someone-else', PATH), JSON.stringify({ amount: { show: false } }));
  open(PATH);
  await waitFor(() => expect(request).toHaveBeenCalled());
  const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((cell) => cell.textContent);
  await waitFor(() => expect(headers()).toEqual(['状态', '金额']));
  expect(document.querySelector('.ant-table-small')).not.toBeNull();
});

describe('column widths', () => {
  const SIZED: typeof COLUMNS = COLUMNS.map((column) => ({ ...column, width: 120 }));
  const openSized = (account = 'ann') => {
    history.replace(PATH);
    return render(<ListTable<Thing> rowKey="id" columns={SIZED} request={request} search={false} key={account} />);
  };
  // By selector: role queries over a whole ProTable take seconds each in jsdom.
  const header = (title: string) =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-thead th')].find((cell) => cell.textContent?.includes(title))!;
  const nameHeader = () => header('名称');
  const shownWidth = () => document.querySelector<HTMLElement>('.ant-table colgroup col')?.style.width;
  const drag = (handle: Element, by: number) => {
    fireEvent.pointerDown(handle, { button: 0, clientX: 300 });
    fireEvent.pointerMove(window, { clientX: 300 + by });
    fireEvent.pointerUp(window, { clientX: 300 + by });
  };

  beforeAll(() => {
    // jsdom has no PointerEvent: a MouseEvent carries clientX as well.
    if (!('PointerEvent' in window))
      Object.defineProperty(window, 'PointerEvent', { value: class extends MouseEvent {}, configurable: true });
  });
  beforeEach(() => localStorage.clear());

  test('dragging a header edge sets the width, kept for the account; a double click restores it', async () => {
    const first = openSized();
    await waitFor(() => expect(nameHeader()).toBeTruthy());
    expect(shownWidth()).toBe('120px');
    drag(within(nameHeader()).getByTestId('column-resize-handle'), 80);
    await waitFor(() => expect(shownWidth()).toBe('200px'));
    expect(JSON.parse(localStorage.getItem(`${columnSettingsKey('ann', PATH)}.widths`)!)).toEqual({ name: 200 });
    expect(request).toHaveBeenCalledTimes(1);
    first.unmount();

    const again = openSized();
    await waitFor(() => expect(shownWidth()).toBe('200px'));
    fireEvent.doubleClick(within(nameHeader()).getByTestId('column-resize-handle'));
    await waitFor(() => expect(shownWidth()).toBe('120px'));
    expect(JSON.parse(localStorage.getItem(`${columnSettingsKey('ann', PATH)}.widths`)!)).toEqual({});
    again.unmount();
  });

  test('a width never goes below what a title needs, and a drag does not sort', async () => {
    openSized();
    await waitFor(() => expect(nameHeader()).toBeTruthy());
    const amount = header('金额');
    drag(within(amount).getByTestId('column-resize-handle'), -500);
    fireEvent.click(within(amount).getByTestId('column-resize-handle'));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(`${columnSettingsKey('ann', PATH)}.widths`)!)).toEqual({ amount: MIN_COLUMN_WIDTH }),
    );
    expect(request).toHaveBeenCalledTimes(1);
    expect(history.location.search).toBe('');
  });
});
