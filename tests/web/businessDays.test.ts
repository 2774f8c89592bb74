import { businessDayBounds, businessDayFilterTooltip } from '@/kit/businessDays';
import { browserTimeZone, setBusinessTimeZone } from '@/kit/businessZone';
import dayjs from 'dayjs';

afterEach(() => setBusinessTimeZone(undefined));

describe('business-day filters', () => {
  it("reads a day range as the server's business days, whatever the browser's zone", () => {
    setBusinessTimeZone('Asia/Shanghai');
    expect(businessDayBounds(['2026-11-27', '2026-11-27'])).toEqual({ from: '2026-11-26T16:00:00.000Z', to: '2026-11-27T16:00:00.000Z' });
    setBusinessTimeZone('Pacific/Kiritimati');
    expect(businessDayBounds(['2026-11-01', '2026-11-30'])).toEqual({ from: '2026-10-31T10:00:00.000Z', to: '2026-11-30T10:00:00.000Z' });
  });

  it('counts calendar days across a daylight-saving change (a 23-hour day)', () => {
    setBusinessTimeZone('America/New_York');
    expect(businessDayBounds(['2026-03-08', '2026-03-08'])).toEqual({ from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' });
  });

  it("takes the date picker's dayjs values as the days they show", () => {
    setBusinessTimeZone('Asia/Shanghai');
    expect(businessDayBounds([dayjs('2026-11-27'), dayjs('2026-11-28')])).toEqual({
      from: '2026-11-26T16:00:00.000Z',
      to: '2026-11-28T16:00:00.000Z',
    });
  });

  it('is nothing for a half or empty range', () => {
    expect(businessDayBounds(undefined)).toBeUndefined();
    expect(businessDayBounds(['2026-11-27', ''])).toBeUndefined();
    expect(businessDayBounds(['not a day', '2026-11-27'])).toBeUndefined();
  });

  it("says the zone beside the filter only when it is not the browser's", () => {
    setBusinessTimeZone(browserTimeZone());
    expect(businessDayFilterTooltip()).toBeUndefined();
    const other = browserTimeZone() === 'Pacific/Kiritimati' ? 'Asia/Shanghai' : 'Pacific/Kiritimati';
    setBusinessTimeZone(other);
    expect(businessDayFilterTooltip()).toBe(`按业务时区 ${other} 的日期筛选`);
  });
});
