import {
  layoutProblems,
  MIN_CELL_WIDTH_PX,
  PHONE_LIST_MARGIN_PX,
  type LayoutMeasure,
  type MeasuredCell,
} from '../../e2e/support/layoutAudit';

const cell = (column: string, left: number, right: number, fixed = false): MeasuredCell => ({ column, left, right, fixed });

const wideScreen = (overrides: Partial<LayoutMeasure> = {}): LayoutMeasure => ({
  viewportWidth: 1440,
  documentScrollWidth: 1440,
  tables: [
    {
      name: '用户名, 角色, 操作',
      scrollWidth: 900,
      clientWidth: 900,
      rows: [[cell('用户名', 0, 300), cell('角色', 300, 600), cell('操作', 600, 900, true)]],
    },
  ],
  ...overrides,
});

describe('layoutProblems', () => {
  it('finds nothing on a screen that fits', () => {
    expect(layoutProblems(wideScreen())).toEqual([]);
  });

  it('names a page wider than its window', () => {
    expect(layoutProblems({ viewportWidth: 390, documentScrollWidth: 452, tables: [] })).toEqual(['page is 452px wide in a 390px window']);
  });

  it('tolerates a pixel of rounding', () => {
    expect(layoutProblems({ viewportWidth: 390, documentScrollWidth: 391, tables: [] })).toEqual([]);
  });

  it('names a table whose content overflows its card on a wide window, not on a phone', () => {
    const overflowing = wideScreen();
    overflowing.tables[0].scrollWidth = 1300;
    expect(layoutProblems(overflowing)).toEqual(['table [用户名, 角色, 操作] overflows its card: content 1300px in 900px']);
    expect(layoutProblems({ ...overflowing, viewportWidth: 390, documentScrollWidth: 390 })).toEqual([]);
  });

  it('names a fixed column that covers another', () => {
    const covered = wideScreen();
    covered.tables[0].rows = [[cell('用户名', 0, 300), cell('角色', 300, 700), cell('操作', 600, 900, true)]];
    expect(layoutProblems(covered)).toEqual(['table [用户名, 角色, 操作] fixed column "操作" covers "角色" by 100px']);
  });

  it("names a page's list squeezed into a strip of a phone's width, not one in a dialog", () => {
    const phone = (clientWidth: number, inDialog = false): LayoutMeasure => ({
      viewportWidth: 390,
      documentScrollWidth: 390,
      tables: [{ name: '订单号, 状态', scrollWidth: 890, clientWidth, rows: [], inDialog }],
    });
    expect(layoutProblems(phone(262))).toEqual([
      `table [订单号, 状态] is a 262px strip of a 390px window (a phone's list gets at least ${390 - PHONE_LIST_MARGIN_PX}px)`,
    ]);
    expect(layoutProblems(phone(358))).toEqual([]);
    expect(layoutProblems(phone(262, true))).toEqual([]);
  });

  it(`names a column narrower than ${MIN_CELL_WIDTH_PX}px once, on any window`, () => {
    const narrow = wideScreen({ viewportWidth: 390, documentScrollWidth: 390 });
    narrow.tables[0].rows = [
      [cell('用户名', 0, 300), cell('角色', 300, 320)],
      [cell('用户名', 0, 300), cell('角色', 300, 320)],
    ];
    expect(layoutProblems(narrow)).toEqual([`table [用户名, 角色, 操作] column "角色" is 20px wide (< ${MIN_CELL_WIDTH_PX}px)`]);
  });
});
