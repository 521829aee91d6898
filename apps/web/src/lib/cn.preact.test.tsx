// @vitest-environment jsdom
// hydrateWithServedClasses on the built app's runtime (the `preact` vitest project: `react` is lib/preact-compat.ts):
// the take-over keeps the classes the server merged, and what the browser draws itself is merged as ever.

import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { expect, test } from 'vitest';
import { pageContainers } from '@/test/page-containers';
import { cn, hydrateWithServedClasses } from './cn';

const container = pageContainers();
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** What each render of a Box asked `cn` for and got back. */
const computed: string[] = [];

function Box({ extra, onlyInBrowser = false }: { extra: string; onlyInBrowser?: boolean }) {
  const [wide, setWide] = useState(false);
  const classes = cn('px-2 py-1', wide ? 'px-8' : extra);
  computed.push(classes);
  return (
    <div data-box="" className={classes}>
      <button type="button" onClick={() => setWide(true)}>
        Widen
      </button>
      {onlyInBrowser && typeof window !== 'undefined' && (
        <p data-drawn-here="" className={cn('text-sm', 'text-lg')}>
          <span className={cn('m-1', 'm-3')}>drawn by the browser</span>
        </p>
      )}
    </div>
  );
}

const classOf = (element: HTMLElement, selector: string) => element.querySelector(selector)!.getAttribute('class');

test('the take-over keeps the server’s merged classes; the next render writes the same ones, then merges as ever', async () => {
  const element = container(renderToString(<Box extra="px-4" />));
  expect(classOf(element, '[data-box]')).toBe('py-1 px-4');
  computed.length = 0;

  hydrateWithServedClasses(() => hydrateRoot(element, <Box extra="px-4" />));
  // Joined, not merged, while the server's markup was taken over; the element is untouched.
  expect(computed).toEqual(['px-2 py-1 px-4']);
  expect(classOf(element, '[data-box]')).toBe('py-1 px-4');
  // Merging is back once the pass is over.
  expect(cn('px-2', 'px-4')).toBe('px-4');

  element.querySelector('button')!.click();
  await settle();
  expect(computed.at(-1)).toBe('py-1 px-8');
  expect(classOf(element, '[data-box]')).toBe('py-1 px-8');
});

test('what the browser draws that the server did not is merged once the take-over is over', () => {
  const element = container(renderToString(<Box extra="px-4" />));
  expect(element.querySelector('[data-drawn-here]')).toBeNull();

  hydrateWithServedClasses(() => hydrateRoot(element, <Box extra="px-4" onlyInBrowser />));
  expect(classOf(element, '[data-drawn-here]')).toBe('text-lg');
  expect(classOf(element, '[data-drawn-here] span')).toBe('m-3');
  expect(classOf(element, '[data-box]')).toBe('py-1 px-4');
});

test('merging is back even when the take-over throws', () => {
  expect(() =>
    hydrateWithServedClasses(() => {
      throw new Error('no page');
    }),
  ).toThrow('no page');
  expect(cn('px-2', 'px-4')).toBe('px-4');
});
