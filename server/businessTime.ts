/**
 * Business days: every date people read (order numbers, the dashboard's today and this month) is
 * a day in BUSINESS_TZ (config.businessTimeZone, default Asia/Shanghai), not in UTC: an order
 * bought at 03:03 on the 23rd in Shanghai belongs to the 23rd.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** `now`'s day in `timeZone`, YYYY-MM-DD. */
export function businessDay(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:mm:ss` of an instant in `timeZone` (sv-SE formats it so). */
export function zonedTime(value: string | Date | null | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}
