// @vitest-environment jsdom
// The built app's runtime (lib/preact-compat.ts, put in place of React by apps/web/preact-runtime.ts), tested as the
// app runs on it: this file is the `preact` vitest project, where `react` and `react-dom` are that module.

import { hydrate, render } from 'preact/compat';
import { renderToString } from 'preact-render-to-string';
import { Slider } from 'radix-ui';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { expect, test } from 'vitest';
import { pageContainers } from '@/test/page-containers';

// jsdom has none; Radix's slider measures its thumbs with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as never;

const container = pageContainers();
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

function PriceRange() {
  const [range, setRange] = useState([100, 400]);
  return (
    <Slider.Root min={0} max={5000} step={10} value={range} onValueChange={(v) => setRange([v[0] ?? 0, v[1] ?? 0])}>
      <Slider.Track>
        <Slider.Range />
      </Slider.Track>
      <Slider.Thumb aria-label="Lowest" />
      <Slider.Thumb aria-label="Highest" />
    </Slider.Root>
  );
}
const thumbs = (element: HTMLElement) =>
  [...element.querySelectorAll<HTMLElement>('[role="slider"]')].map((t) => ({
    now: t.getAttribute('aria-valuenow'),
    hidden: t.style.display === 'none',
  }));

/** Draws its children in the render after its first (as a section that appears once the page has run). */
function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return <div>{shown && children}</div>;
}

test('a slider mounted after the first render shows both thumbs at their values', async () => {
  const element = container();
  render(
    <Later>
      <PriceRange />
    </Later>,
    element,
  );
  await settle();
  expect(thumbs(element)).toEqual([
    { now: '100', hidden: false },
    { now: '400', hidden: false },
  ]);
});

test('a slider in a section that loads when shown, drawn by the server, is taken over with both thumbs', async () => {
  const Section = lazy(
    () => new Promise<{ default: typeof PriceRange }>((r) => setTimeout(() => r({ default: PriceRange }), 20)),
  );
  const element = container(`<main>${renderToString(<PriceRange />)}</main>`);
  expect(thumbs(element).every((t) => t.hidden)).toBe(true);
  hydrate(
    <main>
      <Suspense fallback={<p>Loading</p>}>
        <Section />
      </Suspense>
    </main>,
    element,
  );
  await settle();
  expect(thumbs(element)).toEqual([
    { now: '100', hidden: false },
    { now: '400', hidden: false },
  ]);
});

const seen: string[] = [];
/** Radix's collection in little: the item registers in an effect; its ref callback sets the state that reads it. */
function Registry() {
  const registered = useRef<string[]>([]);
  const [node, setNode] = useState<HTMLElement | null>(null);
  if (node) seen.push(`render sees ${registered.current.length} registered`);
  return <Item registry={registered} onNode={setNode} />;
}
function Item({ registry, onNode }: { registry: { current: string[] }; onNode: (n: HTMLElement | null) => void }) {
  useEffect(() => {
    registry.current.push('item');
  }, [registry]);
  return <span ref={onNode}>item</span>;
}

test('a render set off by a ref callback comes after the effects of the commit that set it', async () => {
  render(
    <Later>
      <Registry />
    </Later>,
    container(),
  );
  await settle();
  expect(seen).toEqual(['render sees 1 registered']);
});

/** A legal page's section heading: a number, then a dot, then its title. */
const Heading = ({ n }: { n: number }) => (
  <h2>
    <span>{n}.</span> Definitions
  </h2>
);

test('a number followed by text, drawn by the server as one text, reads the same once taken over', () => {
  const element = container(renderToString(<Heading n={1} />));
  expect(element.textContent).toBe('1. Definitions');
  hydrate(<Heading n={1} />, element);
  expect(element.textContent).toBe('1. Definitions');
  render(<Heading n={12} />, element);
  expect(element.textContent).toBe('12. Definitions');
});

test("the server's prerender waits for a lazy module, and gives up when its signal aborts", async () => {
  const { prerenderToNodeStream } = await import('./preact-static');
  const Soon = lazy(
    () => new Promise<{ default: () => ReactNode }>((r) => setTimeout(() => r({ default: () => <p>Here</p> }), 10)),
  );
  const { prelude } = await prerenderToNodeStream(
    <Suspense fallback={<p>Loading</p>}>
      <Soon />
    </Suspense>,
    { signal: AbortSignal.timeout(1_000) },
  );
  // Inside the markers Preact's hydration keeps a boundary's server markup by.
  expect(prelude.join('')).toBe('<!--$s--><p>Here</p><!--/$s-->');

  const Never = lazy(() => new Promise<never>(() => undefined));
  const errors: unknown[] = [];
  // Without the signal this would never settle (the test's own timeout would fail it).
  await expect(
    prerenderToNodeStream(
      <Suspense fallback={<p>Loading</p>}>
        <Never />
      </Suspense>,
      { signal: AbortSignal.timeout(50), onError: (e) => errors.push(e) },
    ),
  ).rejects.toThrow();
  expect(errors).toEqual([]);
});
