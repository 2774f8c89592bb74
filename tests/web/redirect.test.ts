/** Where a login leads back to: only this console's own pages. */
import { HOME_PATH, loginPathFor, redirectFromSearch, safeRedirect } from '@/auth/redirect';

describe('safeRedirect', () => {
  it.each([
    ['/client/orderList', '/client/orderList'],
    ['/client/orderList?status=paid&current=2', '/client/orderList?status=paid&current=2'],
    ['/client/system/usersManager#top', '/client/system/usersManager#top'],
    ['/news', '/news'],
  ])('keeps the console path %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['client/home'],
    ['https://evil.example/client/home'],
    ['javascript:alert(1)'],
    ['//evil.example/x'],
    ['/\\evil.example/x'],
    ['/\t/evil.example/x'],
    ['/\n/evil.example'],
    ['/login'],
    ['/login?redirect=/client/home'],
    ['/register'],
    ['/login/'],
  ])('sends %j home', (target) => {
    expect(safeRedirect(target)).toBe(HOME_PATH);
  });

  it('reads the redirect query of the login page', () => {
    expect(redirectFromSearch('?redirect=%2Fclient%2ForderList%3Fa%3D1')).toBe('/client/orderList?a=1');
    expect(redirectFromSearch('?redirect=https%3A%2F%2Fevil.example')).toBe(HOME_PATH);
    expect(redirectFromSearch('')).toBe(HOME_PATH);
  });

  it('builds the login page that comes back to a screen, with its query', () => {
    const login = loginPathFor({ pathname: '/client/orderList', search: '?status=paid' });
    expect(login).toBe('/login?redirect=%2Fclient%2ForderList%3Fstatus%3Dpaid');
    expect(redirectFromSearch(login.slice(login.indexOf('?')))).toBe('/client/orderList?status=paid');
    expect(loginPathFor({ pathname: '/login', search: '?redirect=%2Fx' })).toBe('/login?redirect=%2Fx');
  });
});
