import { describe, expect, it } from 'vitest';
import { isoDate } from '../campaigns/campaign.schemas.ts';
import { BUSINESS_TIME_ZONE, businessToday, wallClock } from './dates.ts';

describe('businessToday', () => {
  it('is the date in Tbilisi (UTC+4), not in UTC', () => {
    expect(businessToday(new Date('2026-11-21T19:59:00Z'))).toBe('2026-11-21');
    expect(businessToday(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
  });
});

describe('isoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(isoDate.safeParse('2028-02-29').success).toBe(true);
    expect(isoDate.safeParse('2027-02-29').success).toBe(false);
    expect(isoDate.safeParse('2027-13-01').success).toBe(false);
    expect(isoDate.safeParse('2027-1-01').success).toBe(false);
  });
});

describe('wallClock', () => {
  // Every 37 hours and 11 minutes from 2005 to 2036: each hour of the day, each day of the month and both sides of
  // every year's old daylight-saving dates are met, in the zones the screens write times in.
  const moments = (from: number, to: number) => {
    const out: Date[] = [];
    for (let t = from; t < to; t += (37 * 60 + 11) * 60_000) out.push(new Date(t));
    return out;
  };
  const byIntl = (date: Date, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(date);
    const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute') };
  };

  it('reads Tbilisi’s wall clock as Intl’s zone rules do (UTC+4 all year since March 2005)', () => {
    for (const date of moments(Date.UTC(2005, 2, 27), Date.UTC(2036, 0, 1))) {
      expect(wallClock(date, BUSINESS_TIME_ZONE)).toEqual(byIntl(date, 'Asia/Tbilisi'));
    }
  });

  it('reads UTC, another zone through Intl, and the reader’s own zone', () => {
    for (const date of moments(Date.UTC(2024, 0, 1), Date.UTC(2027, 0, 1))) {
      expect(wallClock(date, 'UTC')).toEqual(byIntl(date, 'UTC'));
      expect(wallClock(date, 'America/New_York')).toEqual(byIntl(date, 'America/New_York'));
      expect(wallClock(date)).toEqual(byIntl(date, Intl.DateTimeFormat().resolvedOptions().timeZone));
    }
    // Before Tbilisi's clock was fixed (summer 2004 was UTC+5): Intl's rules, not the fixed offset.
    const summer2004 = new Date(Date.UTC(2004, 6, 1, 20, 30));
    expect(wallClock(summer2004, BUSINESS_TIME_ZONE)).toEqual(byIntl(summer2004, 'Asia/Tbilisi'));
  });
});
