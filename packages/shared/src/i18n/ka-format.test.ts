import { describe, expect, it } from 'vitest';
import { kaAgo, kaDay, kaGel, kaMonth, kaNumber } from './ka-format.ts';

// Node's full ICU has CLDR's Georgian: our writer must say exactly what it says (the server's pages were written by
// it before, and mails still compare with it).
describe('Georgian formats without Intl’s ka data', () => {
  it('writes numbers and GEL as CLDR’s ka-GE', () => {
    const gel = new Intl.NumberFormat('ka-GE', { style: 'currency', currency: 'GEL' });
    const whole = new Intl.NumberFormat('ka-GE');
    for (const v of [0, 5, 0.5, 1500, 9999.99, 12345.5, 1234567.89, -3, -12500]) {
      expect(kaGel(v)).toBe(gel.format(v));
      expect(kaNumber(v, 2, 2)).toBe(new Intl.NumberFormat('ka-GE', { minimumFractionDigits: 2 }).format(v));
    }
    for (const v of [0, 7, 1500, 12500, 1234567, 2.125]) expect(kaNumber(v)).toBe(whole.format(v));
  });

  it('writes every month’s day and month as CLDR’s ka-GE, in the zone asked', () => {
    for (let m = 0; m < 12; m++) {
      const date = new Date(Date.UTC(2026, m, 9, 22, 30));
      for (const timeZone of ['UTC', 'Asia/Tbilisi']) {
        const day = new Intl.DateTimeFormat('ka-GE', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
        const month = new Intl.DateTimeFormat('ka-GE', { month: 'long', year: 'numeric', timeZone });
        expect(kaDay(date, timeZone)).toBe(day.format(date));
        expect(kaMonth(date, timeZone)).toBe(month.format(date));
      }
    }
  });

  it('writes how long ago as Intl.RelativeTimeFormat’s ka with numeric auto', () => {
    const rtf = new Intl.RelativeTimeFormat('ka-GE', { numeric: 'auto' });
    for (const unit of ['year', 'month', 'day', 'hour', 'minute'] as const) {
      for (const n of [1, 2, 5, 11, 21, 59]) expect(kaAgo(n, unit)).toBe(rtf.format(-n, unit));
    }
    expect(kaAgo(0, 'second')).toBe(rtf.format(0, 'second'));
  });
});
