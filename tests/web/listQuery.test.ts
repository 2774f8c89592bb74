/**
 * A list's state in its URL (src/kit/listQuery.ts): which fields a table's columns put in the URL,
 * how they are read (defaults, options that are numbers, bad values) and written (defaults left
 * out, a cleared default said so, other parameters kept), per list when a screen has two.
 */
import type { ProColumns } from '@ant-design/pro-components';
import { listQueryKey, listStateFromSearch, queryFields, searchWithListState, sortableFields, type ListState } from '@/kit/listQuery';

const COLUMNS: ProColumns<Record<string, unknown>>[] = [
  { title: '账户', dataIndex: 'account' },
  { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: { pending: '待审批', paid: '已付款' }, initialValue: 'pending' },
  {
    title: '等级',
    dataIndex: 'levelId',
    valueType: 'select',
    fieldProps: {
      options: [
        { value: 'none', label: '无' },
        { value: 3, label: '专业版' },
      ],
    },
  },
  { title: '创建日期', dataIndex: 'created', valueType: 'dateRange', hideInTable: true },
  { title: '时间', dataIndex: 'at', valueType: 'dateTimeRange', hideInTable: true },
  { title: '金额', dataIndex: 'amount', search: false, sorter: true },
  { title: '备注', dataIndex: 'note', hideInSearch: true },
  { title: '操作', valueType: 'option' },
];
const FIELDS = queryFields(COLUMNS);
const SORTABLE = sortableFields(COLUMNS);

test('the search form fields are the columns ProTable searches by, with their kinds and initial values', () => {
  expect(FIELDS).toEqual([
    { name: 'account', kind: 'text' },
    { name: 'status', kind: 'text', initial: 'pending' },
    { name: 'levelId', kind: 'text', options: ['none', 3] },
    { name: 'created', kind: 'range' },
    { name: 'at', kind: 'range' },
  ]);
  expect(SORTABLE).toEqual(['amount']);
});

describe('reading', () => {
  test('an empty query: the initial values, page 1, the default page size, no sort', () => {
    expect(listStateFromSearch('', FIELDS, {}, SORTABLE)).toEqual({ filters: { status: 'pending' }, current: 1, pageSize: 10 });
  });

  test('every kind of value, a number option back as a number, a cleared default as none', () => {
    const search =
      '?account=ann&status=&levelId=3&created=2026-11-01,2026-11-25&at=2026-11-01%2008:00:00,2026-11-02%2000:00:00&current=3&pageSize=20&sort=amount:descend';
    expect(listStateFromSearch(search, FIELDS, {}, SORTABLE)).toEqual({
      filters: { account: 'ann', levelId: 3, created: ['2026-11-01', '2026-11-25'], at: ['2026-11-01 08:00:00', '2026-11-02 00:00:00'] },
      current: 3,
      pageSize: 20,
      sort: { field: 'amount', order: 'descend' },
    });
  });

  test('what is not a valid value is left out: a broken range, a page that is no page, an unknown sort', () => {
    const state = listStateFromSearch(
      '?created=bad,2026-11-01&at=2026-11-01&current=-2&pageSize=abc&sort=note:descend',
      FIELDS,
      {},
      SORTABLE,
    );
    expect(state).toEqual({ filters: { status: 'pending' }, current: 1, pageSize: 10 });
    expect(listStateFromSearch('?sort=amount:sideways', FIELDS, {}, SORTABLE).sort).toBeUndefined();
  });

  test('a second list reads only its own parameters', () => {
    const search = '?account=ann&current=2&audit.account=bob&audit.current=4';
    expect(listStateFromSearch(search, FIELDS, { prefix: 'audit.' })).toMatchObject({ filters: { account: 'bob' }, current: 4 });
    expect(listStateFromSearch(search, FIELDS)).toMatchObject({ filters: { account: 'ann' }, current: 2 });
  });
});

describe('writing', () => {
  const state = (change: Partial<ListState>): ListState => ({ filters: { status: 'pending' }, current: 1, pageSize: 10, ...change });

  test('defaults are left out; other parameters of the screen stay', () => {
    expect(searchWithListState('?tab=audit', state({}), FIELDS)).toBe('?tab=audit');
    expect(
      searchWithListState(
        '?tab=audit&current=5',
        state({ filters: { status: 'paid', created: ['2026-11-01', '2026-11-25'] }, current: 2, pageSize: 20 }),
        FIELDS,
      ),
    ).toBe('?tab=audit&current=2&status=paid&created=2026-11-01%2C2026-11-25&pageSize=20');
  });

  test('an emptied field with an initial value is written empty, so it stays empty', () => {
    const search = searchWithListState('', state({ filters: { status: undefined } }), FIELDS);
    expect(search).toBe('?status=');
    expect(listStateFromSearch(search, FIELDS).filters).toEqual({});
  });

  test('what is written reads back the same', () => {
    const written: ListState = {
      filters: { account: 'ann', status: 'paid', levelId: 3, at: ['2026-11-01 08:00:00', '2026-11-02 00:00:00'] },
      current: 2,
      pageSize: 50,
      sort: { field: 'amount', order: 'ascend' },
    };
    expect(listStateFromSearch(searchWithListState('?x=1', written, FIELDS), FIELDS, {}, SORTABLE)).toEqual(written);
  });

  test('a second list writes only its own parameters', () => {
    expect(
      searchWithListState('?account=ann', state({ filters: { status: 'pending', account: 'bob' }, current: 3 }), FIELDS, {
        prefix: 'audit.',
      }),
    ).toBe('?account=ann&audit.account=bob&audit.current=3');
  });

  test('the list key ignores the order of the parameters and the defaults', () => {
    expect(listQueryKey('?current=2&account=ann&status=pending', FIELDS)).toBe(listQueryKey('?account=ann&current=2', FIELDS));
    expect(listQueryKey('?account=ann', FIELDS)).not.toBe(listQueryKey('?account=bob', FIELDS));
  });
});
