import { describe, expect, it } from 'vitest';
import { isoDate } from '../campaigns/campaign.schemas.ts';
import { businessToday } from './dates.ts';

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
