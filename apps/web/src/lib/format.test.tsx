// @vitest-environment jsdom

import { formatGel } from '@app/shared/format/format';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCalendarDate, formatClock, formatDay, formatMonth, formatSince, useDates } from './format';

// 22:30 in London in summer is already the next day in Tbilisi (UTC+4): where a page's dates are written matters.
const LATE = '2026-07-01T22:30:00.000Z';

describe('dates', () => {
  it('write the day, the clock and the month in the zone given, the reader’s own by default', () => {
    expect(formatDay(LATE, 'UTC')).toBe('Jul 1, 2026');
    expect(formatDay(LATE, 'Asia/Tbilisi')).toBe('Jul 2, 2026');
    expect(formatClock(LATE, 'UTC')).toBe('22:30');
    expect(formatClock('2026-07-02T05:05:00.000Z', 'Asia/Tbilisi')).toBe('09:05');
    expect(formatMonth(LATE, 'Asia/Tbilisi')).toBe('July 2026');
    expect(formatDay(LATE)).toBe(formatDay(LATE, Intl.DateTimeFormat().resolvedOptions().timeZone));
  });
});

function Written({ iso }: { iso: string }) {
  const dates = useDates();
  return <p>{`${dates.day(iso)} ${dates.clock(iso)}`}</p>;
}

describe('useDates', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes Tbilisi’s time on the server and while hydrating, so the browser takes the page over unchanged, then the reader’s', async () => {
    const html = renderToString(<Written iso={LATE} />);
    expect(html).toContain('Jul 2, 2026 02:30');

    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Written iso={LATE} />, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // After the take-over the reader's own zone: this test runs in the machine's zone.
    expect(container.textContent).toBe(`${formatDay(LATE)} ${formatClock(LATE)}`);
    container.remove();
  });
});

describe('in Georgian (issue 26)', () => {
  const iso = '2026-03-05T20:30:00Z'; // 6 March, 00:30 in Tbilisi
  it('writes dates, times and months as Intl does for ka-GE, in the zone asked', () => {
    expect(formatDay(iso, 'Asia/Tbilisi', 'ka')).toBe('6 მარ. 2026');
    expect(formatClock(iso, 'Asia/Tbilisi')).toBe('00:30');
    expect(formatMonth(iso, 'Asia/Tbilisi', 'ka')).toBe('მარტი, 2026');
    expect(formatCalendarDate('2026-03-05', 'ka')).toBe('5 მარ. 2026');
    expect(formatCalendarDate('2026-03-05', 'en')).toBe('Mar 5, 2026');
  });

  it('says how long ago in words', () => {
    const now = Date.parse(iso) + 5 * 60_000;
    expect(formatSince(iso, 'ka', now)).toBe('5 წუთის წინ');
    expect(formatSince(iso, 'en', now)).toBe('5 minutes ago');
  });

  it('writes money as CLDR does for ka-GE: the lari sign after, comma decimals, grouping from five digits', () => {
    expect(formatGel(150_000, 'ka').replace(/\s/g, ' ')).toBe('1500,00 ₾');
    expect(formatGel(1_250_050, 'ka').replace(/\s/g, ' ')).toBe('12 500,50 ₾');
    expect(formatGel(150_000, 'en')).toBe('1,500.00 GEL');
  });
});
