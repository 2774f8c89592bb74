import { clearSession, readSession, restoreSession, saveLogin, saveProfile } from '@/auth/session';

const HOUR = 3_600_000;
const login = (expires: number) => ({
  token: 'tok-1',
  expires,
  username: 'amy',
  email: 'amy@example.com',
  membership: { levelId: 2, name: '专业版', expiresAt: expires + 10 * HOUR, shopQuota: 3, productQuota: 200 },
});

describe('session store', () => {
  it('keeps the five values in sessionStorage only, without remember me', () => {
    const expires = Date.now() + HOUR;
    saveLogin(login(expires), false);
    expect(readSession()).toEqual({
      token: 'tok-1',
      expires,
      username: 'amy',
      email: 'amy@example.com',
      membership: { levelId: 2, name: '专业版', expiresAt: expires + 10 * HOUR, shopQuota: 3, productQuota: 200 },
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('expires')).toBeNull();
  });

  it('with remember me also keeps the token and its expiry in localStorage, and nothing else', () => {
    const expires = Date.now() + HOUR;
    saveLogin(login(expires), true);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('expires')).toBe(String(expires));
    expect(localStorage.getItem('username')).toBeNull();
    expect(localStorage.getItem('membership')).toBeNull();
  });

  it('clearSession empties both stores', () => {
    saveLogin(login(Date.now() + HOUR), true);
    clearSession();
    expect(readSession()).toEqual({ token: null, expires: null, membership: null, username: null, email: null });
    expect(localStorage.length).toBe(0);
  });

  it('saveProfile updates the profile values and drops a membership that is gone', () => {
    saveLogin(login(Date.now() + HOUR), false);
    saveProfile({ username: 'amy2', email: 'amy2@example.com', membership: null });
    expect(readSession()).toMatchObject({ username: 'amy2', email: 'amy2@example.com', membership: null, token: 'tok-1' });
  });
});

describe('startup restore (legacy §4)', () => {
  const now = 1_800_000_000_000;

  it('restores nothing when the stored expiry has passed', () => {
    saveLogin(login(now - 1), true);
    expect(restoreSession(now)).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('copies a persistent token into the session store when the session store has none', () => {
    saveLogin(login(now + HOUR), true);
    sessionStorage.clear(); // a new tab
    expect(restoreSession(now)).toBe('tok-1');
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(sessionStorage.getItem('expires')).toBe(String(now + HOUR));
  });

  it('restores nothing in a new tab without remember me', () => {
    saveLogin(login(now + HOUR), false);
    sessionStorage.clear();
    expect(restoreSession(now)).toBeNull();
  });

  it('keeps the session token of this tab', () => {
    saveLogin(login(now + HOUR), false);
    expect(restoreSession(now)).toBe('tok-1');
  });
});
