import { describe, expect, it } from 'vitest';
import { formatGel, formatMinor } from '../format/format.ts';
import { clock, enAgo, enDay, enMonth, enNumber } from './en-format.ts';

// The screens wrote English with Intl before (en-format.ts says why they no longer do): our writer must say exactly
// what Intl's en-US says, or a page the server wrote and the browser's first render would differ.
describe('English formats without Intl', () => {
  it('writes whole numbers as toLocaleString("en-US")', () => {
    for (const v of [0, 7, 999, 1000, 1500, 12500, 999_999, 1_000_000, 1_234_567, -3, -1500, -1_234_567, 2.125, 0.5]) {
      expect(enNumber(v)).toBe(v.toLocaleString('en-US'));
    }
  });

  it('writes amounts in tetri as Intl.NumberFormat("en-US") with two decimals', () => {
    const two = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const minor of [0, 1, 5, 99, 100, 150_000, 999_999, 1_000_001, 12_345_678, 100_000_000, -2_550, 7, 10_050]) {
      expect(formatMinor(minor)).toBe(two.format(minor / 100));
      expect(formatGel(minor)).toBe(`${two.format(minor / 100)} GEL`);
    }
    // Every tetri value in a stretch that crosses a grouping boundary: no float drift in /100 then toFixed(2).
    for (let minor = 99_900; minor <= 100_200; minor++) expect(formatMinor(minor)).toBe(two.format(minor / 100));
  });

  it('writes how long ago as Intl.RelativeTimeFormat("en") with numeric auto', () => {
    const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    for (const unit of ['year', 'month', 'day', 'hour', 'minute'] as const) {
      for (const n of [1, 2, 5, 11, 21, 59, 1200]) expect(enAgo(n, unit)).toBe(rtf.format(-n, unit));
    }
    expect(enAgo(0, 'second')).toBe(rtf.format(0, 'second'));
  });

  it('writes days, months and the clock as Intl does, in the zone asked', () => {
    for (let m = 0; m < 12; m++) {
      for (const [d, h] of [
        [1, 0],
        [9, 21],
        [28, 23],
      ] as const) {
        const date = new Date(Date.UTC(2026, m, d, h, 5));
        for (const timeZone of ['UTC', 'Asia/Tbilisi', 'America/Los_Angeles']) {
          const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
          const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone });
          const time = new Intl.DateTimeFormat('en-GB', {
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
            timeZone,
          });
          expect(enDay(date, timeZone)).toBe(day.format(date));
          expect(enMonth(date, timeZone)).toBe(month.format(date));
          expect(clock(date, timeZone)).toBe(time.format(date));
        }
      }
    }
  });
});
