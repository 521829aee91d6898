// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatClock, formatDay, formatMonth, useDates } from './format';

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
