// @vitest-environment jsdom
import { createLucideIcon as packageFactory } from 'lucide-react';
import { createElement, createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import appFactory from './lucide-icon';

// Two icons as lucide-react's modules declare them: one with an alias, one of several parts.
const loader = {
  name: 'loader-circle',
  size: 24,
  node: [['path', { d: 'M21 12a9 9 0 1 1-6.219-8.56', key: '13zald' }]],
  aliases: ['loader-2'],
} as const;
const star = {
  name: 'star',
  size: 24,
  node: [
    ['path', { d: 'M12 2l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z', key: 'a' }],
    ['circle', { cx: '12', cy: '12', r: '2', key: 'b' }],
  ],
} as const;

const propsToTry: Record<string, unknown>[] = [
  {},
  { className: 'size-4 animate-spin' },
  { className: 'lucide size-4  lucide-star size-4' },
  { size: 16 },
  { width: 20, height: 18, size: 16 },
  { color: 'red', strokeWidth: 3 },
  { color: '' },
  { strokeWidth: 1.75, absoluteStrokeWidth: true, size: 12 },
  { nonScalingStroke: true },
  { 'aria-label': 'Loading' },
  { role: 'img', title: 'Rated' },
  { 'aria-hidden': 'false', 'data-testid': 'icon', onClick: () => {} },
  { children: createElement('title', null, 'Star') },
];

describe("the app's lucide icon factory (apps/web/lucide-icons.ts puts it in the build)", () => {
  for (const data of [loader, star]) {
    for (const props of propsToTry) {
      it(`draws ${data.name} as lucide-react does, given ${Object.keys(props).join(', ') || 'nothing'}`, () => {
        // biome-ignore lint/suspicious/noExplicitAny: both factories take the package's own icon data
        const mine = appFactory(data as any);
        // biome-ignore lint/suspicious/noExplicitAny: as above
        const theirs = packageFactory(data as any);
        expect(renderToStaticMarkup(createElement(mine, props))).toBe(
          renderToStaticMarkup(createElement(theirs, props)),
        );
      });
    }
  }

  it('takes a name and parts as the package does, and names the component', () => {
    const node = [['path', { d: 'M5 12h14', key: 'x' }]] as [string, Record<string, string>][];
    const mine = appFactory('ArrowRight', node, ['move-right']);
    const theirs = packageFactory('ArrowRight', node as never, ['move-right']);
    expect(renderToStaticMarkup(createElement(mine))).toBe(renderToStaticMarkup(createElement(theirs)));
    expect(mine.displayName).toBe(theirs.displayName);
  });

  it('hands its ref to the svg and merges a repeated class name once', async () => {
    const { render } = await import('@testing-library/react');
    const Loader = appFactory(loader as never);
    const ref = createRef<SVGSVGElement>();
    const { container, rerender } = render(createElement(Loader, { ref, className: 'size-4 lucide size-4' }));
    expect(ref.current).toBe(container.querySelector('svg'));
    expect(ref.current?.getAttribute('class')).toBe('lucide lucide-loader-circle lucide-loader-2 size-4');
    rerender(createElement(Loader, { ref, className: 'size-5' }));
    expect(ref.current?.getAttribute('class')).toBe('lucide lucide-loader-circle lucide-loader-2 size-5');
  });
});
