// @vitest-environment jsdom
// When a server-drawn page draws what only the browser knows (here: timestamps in the reader's zone), on the built
// app's runtime (the `preact` vitest project): after the page is live, in a task of its own, and not at all for dates
// on a reader's clock that reads as Tbilisi's.

import { readsAsTbilisi } from '@app/shared/common/dates';
import { renderToString } from 'preact-render-to-string';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, expect, test, vi } from 'vitest';
import { pageContainers } from '@/test/page-containers';
import { formatClock, formatDay, useDates } from './format';
import { beginTakeOver, endTakeOver } from './use-hydrated';

const container = pageContainers();
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
afterEach(() => vi.restoreAllMocks());

// 22:30 in London in summer is already the next day in Tbilisi (UTC+4).
const LATE = '2026-07-01T22:30:00.000Z';
let renders = 0;

function Written() {
  renders++;
  const dates = useDates();
  return <p>{`${dates.day(LATE)} ${dates.clock(LATE)}`}</p>;
}

test('the take-over keeps Tbilisi’s time; the reader’s zone follows in a task of its own once the page is live', async () => {
  const element = container(renderToString(<Written />));
  expect(element.textContent).toBe('Jul 2, 2026 02:30');

  beginTakeOver();
  hydrateRoot(element, <Written />);
  await settle();
  // Taken over as drawn: nothing drawn again while the page becomes live.
  expect(element.textContent).toBe('Jul 2, 2026 02:30');
  renders = 0;

  endTakeOver();
  expect(renders).toBe(0);
  await settle();
  // The reader's own zone (this test runs in the machine's): drawn again only where that changes the words.
  expect(element.textContent).toBe(`${formatDay(LATE)} ${formatClock(LATE)}`);
  expect(renders).toBe(readsAsTbilisi() ? 0 : 1);
});

test('a reader whose clock reads as Tbilisi’s has nothing drawn again', async () => {
  vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-240);
  expect(readsAsTbilisi()).toBe(true);
  const element = container(renderToString(<Written />));
  beginTakeOver();
  hydrateRoot(element, <Written />);
  await settle();
  renders = 0;
  endTakeOver();
  await settle();
  expect(renders).toBe(0);
  expect(element.textContent).toBe('Jul 2, 2026 02:30');
});

test('a clock that moves for summer, or another offset, is not Tbilisi’s', () => {
  const offsets = vi.spyOn(Date.prototype, 'getTimezoneOffset');
  offsets.mockImplementation(function (this: Date) {
    return this.getMonth() === 0 ? -240 : -300;
  });
  expect(readsAsTbilisi()).toBe(false);
  offsets.mockReturnValue(0);
  expect(readsAsTbilisi()).toBe(false);
});
