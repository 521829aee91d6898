// @vitest-environment jsdom
// The app's lucide icons on the built app's runtime (the `preact` vitest project: `react` is lib/preact-compat.ts):
// an icon's parts are written as markup, so taking over a server-drawn icon leaves its children as the server drew
// them (issue 28 §2), and the icon draws and changes as before in the browser.

import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { expect, test } from 'vitest';
import { pageContainers } from '@/test/page-containers';
import createLucideIcon from './lucide-icon';

const container = pageContainers();
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

const Star = createLucideIcon({
  name: 'star',
  size: 24,
  node: [
    ['path', { d: 'M12 2l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z', key: 'a' }],
    ['circle', { cx: '12', cy: '12', r: '2', key: 'b' }],
  ],
});

function Rated() {
  const [big, setBig] = useState(false);
  return (
    <button type="button" onClick={() => setBig(true)}>
      <Star className={big ? 'size-6' : 'size-4'} />
      <Star nonScalingStroke />
      Rate
    </button>
  );
}

test('a server-drawn icon is taken over with its parts untouched, then changes as before', async () => {
  const element = container(renderToString(<Rated />));
  const [plain, scaled] = [...element.querySelectorAll('svg')];
  const parts = [...plain!.childNodes];
  expect(parts.map((node) => (node as Element).outerHTML)).toEqual([
    '<path d="M12 2l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z"></path>',
    '<circle cx="12" cy="12" r="2"></circle>',
  ]);
  // With a non-scaling stroke the parts stay elements of their own (they carry one more attribute).
  expect(scaled!.querySelector('path')!.getAttribute('vector-effect')).toBe('non-scaling-stroke');

  // Preact does not walk the children of markup it takes over: a node the server's icon had beside its parts stays
  // (matched part by part, as elements, it would be removed as one the render does not draw).
  plain!.append(document.createElementNS('http://www.w3.org/2000/svg', 'g'));
  parts.push(plain!.lastChild!);

  hydrateRoot(element, <Rated />);
  await settle();
  expect(element.querySelector('svg')).toBe(plain);
  expect([...plain!.childNodes]).toEqual(parts);
  expect(parts.every((node, i) => node === plain!.childNodes[i])).toBe(true);

  element.querySelector('button')!.click();
  await settle();
  expect(plain!.getAttribute('class')).toBe('lucide lucide-star size-6');
  expect(parts.every((node, i) => node === plain!.childNodes[i])).toBe(true);
  expect(element.querySelectorAll('svg')).toHaveLength(2);
});

test('an icon the browser draws itself has the same parts as the server’s', async () => {
  const served = container(renderToString(<Star className="size-4" />)).innerHTML;
  const element = container();
  createRoot(element).render(<Star className="size-4" />);
  await settle();
  expect(element.innerHTML).toBe(served);
});
