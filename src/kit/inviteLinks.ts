/** The invite link of a code: the register tab of this console with the code filled in. */
export const INVITE_PARAM = 'invite';

export function inviteLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/register?${INVITE_PARAM}=${encodeURIComponent(code)}`;
}

/** The invite code a register url carries (`?invite=`), upper-cased; undefined when none. */
export function inviteFromSearch(search: string): string | undefined {
  const code = new URLSearchParams(search).get(INVITE_PARAM)?.trim().toUpperCase();
  return code ? code : undefined;
}
