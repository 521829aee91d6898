import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { FullScreenLoading } from './full-screen-loading';
import { Splash } from './splash';

// index.html paints before any script has arrived (issue 11 §3); React then renders the same screen in its place.
// Should a component change, its copy in index.html must follow, or the first screen would jump when React takes over.
const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

describe('the first paint in index.html', () => {
  it('is the loading screen React renders first on a deep link or a reload', () => {
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<template id="entry-shell">/.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(<FullScreenLoading />));
  });

  it('is the branded splash on the app entry (the server puts it in #root on `/`)', () => {
    const splash = /<template id="entry-shell">([\s\S]*?)<\/template>/.exec(html)?.[1];
    expect(splash).toBe(renderToStaticMarkup(<Splash fadeMs={500} />));
  });
});
