/**
 * The server's business time zone (BUSINESS_TZ), as `account/getOne` answers it at startup
 * (src/auth/startup.ts). Kept apart from the day arithmetic (./businessDays.ts) so the entry
 * bundle carries no time-zone data.
 */
let businessZone: string | undefined;

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function setBusinessTimeZone(zone: string | undefined): void {
  businessZone = zone || undefined;
}

/** BUSINESS_TZ once the account's profile has answered; the browser's zone before that. */
export const businessTimeZone = (): string => businessZone ?? browserTimeZone();

/** BUSINESS_TZ when it is not the browser's zone (a screen then says which zone its days are in). */
export function otherBusinessTimeZone(): string | undefined {
  const zone = businessTimeZone();
  return zone === browserTimeZone() ? undefined : zone;
}
