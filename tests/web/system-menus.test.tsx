/** The side menu's server menus and icons, the icon catalogue, and the menu / grants tree rules. */
import { render } from '@testing-library/react';
import { titleRefusedScreens, withMenuIcons } from '@/components/menuData';
import MenuIcon, { MENU_ICONS } from '@/components/menuIcons';
import type { MenuNode } from '#contract/capabilities';
import type { MenuAdminNode } from '#contract/api/menu';
import { MENU_ICON_NAMES } from '#contract/system';
import { moved, parentOptions, siblingsOf } from '@/pages/client/system/MenusManager/menuTree';
import { toggleGrant } from '@/pages/client/system/RolesManager/grants';

const node = (
  id: number,
  parentId: number | null,
  url: string,
  children: MenuAdminNode[] = [],
  kind: MenuAdminNode['kind'] = 'page',
): MenuAdminNode => ({
  id,
  parentId,
  title: url,
  url,
  icon: null,
  kind,
  visible: true,
  sort: id,
  grantCount: 1,
  children,
});

// system(1) > users(2), reports(3) > daily(4); home(5); admin(6, action)
const TREE = [
  node(1, null, '/s', [node(2, 1, '/s/users'), node(3, 1, '/s/reports', [node(4, 3, '/s/reports/daily')])]),
  node(5, null, '/home'),
  node(6, null, '/admin', [], 'action'),
];

describe('icon catalogue', () => {
  it('bundles exactly the icons the menu manager offers and the server accepts', () => {
    expect(Object.keys(MENU_ICONS).sort()).toEqual([...MENU_ICON_NAMES].sort());
  });

  it('renders a named icon and nothing for an unknown name', () => {
    const { container } = render(
      <>
        <MenuIcon name="BarChartOutlined" />
        <MenuIcon name="NoSuchOutlined" />
      </>,
    );
    expect(container.querySelectorAll('[aria-label="bar-chart"]')).toHaveLength(1);
    expect(container.querySelectorAll('.anticon')).toHaveLength(1);
  });
});

describe('withMenuIcons', () => {
  const routes = [
    { path: '/client/home', name: '首页', menuIcon: 'HomeOutlined' },
    {
      path: '/client/system',
      name: '系统',
      menuIcon: 'SettingOutlined',
      children: [{ path: '/client/system/usersManager', name: '用户管理' }],
    },
    { path: '/client/withdrawalApproval', menuUrl: '/withdrawalApproval', name: '提现审批' },
  ];
  const server: MenuNode[] = [
    { url: '/client/home', title: '首页', icon: 'ShopOutlined', kind: 'page', visible: true },
    {
      url: '/client/system',
      title: '系统',
      icon: 'SettingOutlined',
      kind: 'directory',
      children: [
        { url: '/client/system/usersManager', title: '用户管理', kind: 'page' },
        { url: '/client/system/reports', title: '报表', icon: 'BarChartOutlined', kind: 'page', visible: true },
        { url: '/client/system/hidden', title: '隐藏', kind: 'page', visible: false },
      ],
    },
    {
      url: '/withdrawalApproval',
      title: '提现审批',
      kind: 'page',
      children: [{ url: 'https://example.com/help', title: '帮助', kind: 'page' }],
    },
    { url: '/admin', title: '超级管理员', kind: 'action', visible: false },
    { url: '/client/docs', title: '文档', icon: 'BookOutlined', kind: 'page' },
  ];

  /** The icon name an item renders (its icon is <Suspense><MenuIcon name /></Suspense>, loaded lazily). */
  const iconOf = (item: any): string | undefined => item.icon?.props.children.props.name;

  it('adds granted, shown, unrouted menus under their routed parent or at the top, never actions or hidden ones', () => {
    const items = withMenuIcons(routes as any[], server);
    expect(items.map((item: any) => item.path)).toEqual(['/client/home', '/client/system', '/client/withdrawalApproval', '/client/docs']);
    expect(items[1].children!.map((item: any) => item.path)).toEqual(['/client/system/usersManager', '/client/system/reports']);
    expect(items[2].children!.map((item: any) => item.name)).toEqual(['帮助']);
    expect(items[0].children).toBeUndefined();
  });

  it("uses the server menu's icon over the route's, and the route's without a server icon", () => {
    const items = withMenuIcons(routes as any[], server);
    expect(iconOf(items[0])).toBe('ShopOutlined');
    expect(iconOf(items[1].children![1])).toBe('BarChartOutlined');
    expect(iconOf(items[1].children![0])).toBeUndefined();
    expect(iconOf(items[3])).toBe('BookOutlined');
    expect(iconOf(withMenuIcons([{ path: '/x', name: 'x', menuIcon: 'HomeOutlined' }])[0])).toBe('HomeOutlined');
  });
});

describe('titleRefusedScreens (the browser tab of a refused screen)', () => {
  it('names a refused screen 403 and keeps it out of the menu, at any depth; the others are untouched', () => {
    const items = [
      { path: '/client/home', name: '首页' },
      {
        path: '/client/system',
        name: '系统管理',
        children: [
          { path: '/client/system/usersManager', unaccessible: true },
          { path: '/client/system/rolesManager', name: '角色管理' },
        ],
      },
    ];
    expect(titleRefusedScreens(items, '403')).toEqual([
      { path: '/client/home', name: '首页' },
      {
        path: '/client/system',
        name: '系统管理',
        children: [
          { path: '/client/system/usersManager', name: '403', hideInMenu: true },
          { path: '/client/system/rolesManager', name: '角色管理' },
        ],
      },
    ]);
  });
});

describe('menu tree helpers', () => {
  it("offers no action menus as parents and disables a menu's own subtree", () => {
    const options = parentOptions(TREE, 3);
    expect(options.map((option) => option.value)).toEqual([1, 5]);
    const reports = options[0].children!.find((option) => option.value === 3)!;
    expect(reports.disabled).toBe(true);
    expect(reports.children![0]).toMatchObject({ value: 4, disabled: true });
    expect(options[0].disabled).toBe(false);
  });

  it('finds siblings and moves an id up or down, not past an end', () => {
    expect(siblingsOf(TREE, 4)!.map((n) => n.id)).toEqual([4]);
    expect(siblingsOf(TREE, 3)!.map((n) => n.id)).toEqual([2, 3]);
    expect(moved([2, 3], 3, -1)).toEqual([3, 2]);
    expect(moved([2, 3], 3, 1)).toBeUndefined();
    expect(moved([2, 3], 2, -1)).toBeUndefined();
  });
});

describe('grants tree', () => {
  it('checking a menu grants its ancestors; unchecking revokes its subtree', () => {
    expect(toggleGrant(TREE, [], 4, true)).toEqual([1, 3, 4]);
    expect(toggleGrant(TREE, [1, 2, 3, 4], 3, false)).toEqual([1, 2]);
    expect(toggleGrant(TREE, [1, 2, 3, 4], 1, false)).toEqual([]);
    expect(toggleGrant(TREE, [5], 2, true)).toEqual([1, 2, 5]);
  });
});
