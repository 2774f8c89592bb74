/**
 * The session store (legacy §3): token, expires, membership, username, email in sessionStorage;
 * with "remember me", the token and its expiry also in localStorage so a new tab can restore them.
 */
import type { LoginResult, Membership } from '#contract/api/account';

export const SESSION_KEYS = {
  token: 'token',
  expires: 'expires',
  membership: 'membership',
  username: 'username',
  email: 'email',
} as const;

const PERSISTENT_KEYS = [SESSION_KEYS.token, SESSION_KEYS.expires] as const;

export interface SessionValues {
  token: string | null;
  expires: number | null;
  membership: Membership | null;
  username: string | null;
  email: string | null;
}

function parseNumber(value: string | null): number | null {
  if (value === null || value === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

function parseMembership(value: string | null): Membership | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as Membership | null;
  } catch {
    return null;
  }
}

export function readSession(): SessionValues {
  return {
    token: sessionStorage.getItem(SESSION_KEYS.token),
    expires: parseNumber(sessionStorage.getItem(SESSION_KEYS.expires)),
    membership: parseMembership(sessionStorage.getItem(SESSION_KEYS.membership)),
    username: sessionStorage.getItem(SESSION_KEYS.username),
    email: sessionStorage.getItem(SESSION_KEYS.email),
  };
}

export function getToken(): string | null {
  return sessionStorage.getItem(SESSION_KEYS.token);
}

/** What a login stores: a session whose generated password is already changed and whose factor is enrolled (the flags stay behind). */
export type StoredLogin = Omit<LoginResult, 'passwordChangeRequired' | 'enrolmentRequired'>;

/** Stores a fresh login; `remember` also keeps the token and its expiry across tabs and restarts. */
export function saveLogin(login: StoredLogin, remember: boolean): void {
  clearSession();
  sessionStorage.setItem(SESSION_KEYS.token, login.token);
  sessionStorage.setItem(SESSION_KEYS.expires, String(login.expires));
  sessionStorage.setItem(SESSION_KEYS.username, login.username);
  sessionStorage.setItem(SESSION_KEYS.email, login.email);
  saveMembership(login.membership);
  if (remember) {
    localStorage.setItem(SESSION_KEYS.token, login.token);
    localStorage.setItem(SESSION_KEYS.expires, String(login.expires));
  }
}

export function saveProfile(profile: { username: string; email: string; membership: Membership | null }): void {
  sessionStorage.setItem(SESSION_KEYS.username, profile.username);
  sessionStorage.setItem(SESSION_KEYS.email, profile.email);
  saveMembership(profile.membership);
}

function saveMembership(membership: Membership | null): void {
  if (membership) sessionStorage.setItem(SESSION_KEYS.membership, JSON.stringify(membership));
  else sessionStorage.removeItem(SESSION_KEYS.membership);
}

/** Clears every stored session value, in both stores. */
export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
  for (const key of PERSISTENT_KEYS) localStorage.removeItem(key);
}

/**
 * Startup rules of legacy §4: a passed expiry (in either store) restores nothing; a persistent
 * token is copied into the session store when the session store has none.
 * Returns the token to start with, or null.
 */
export function restoreSession(now: number = Date.now()): string | null {
  const persistentExpires = parseNumber(localStorage.getItem(SESSION_KEYS.expires));
  const sessionExpires = parseNumber(sessionStorage.getItem(SESSION_KEYS.expires));
  const expires = sessionExpires ?? persistentExpires;
  if (expires !== null && expires <= now) {
    clearSession();
    return null;
  }
  if (!getToken()) {
    const persistentToken = localStorage.getItem(SESSION_KEYS.token);
    if (persistentToken) {
      sessionStorage.setItem(SESSION_KEYS.token, persistentToken);
      if (persistentExpires !== null) sessionStorage.setItem(SESSION_KEYS.expires, String(persistentExpires));
    }
  }
  return getToken();
}
