import { createContext, useContext, useEffect } from 'react';
import { useLocation } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';

// A single-page app does not tell assistive technology that the page changed. Each page therefore names itself in
// the tab title, and after a navigation focus moves to its main heading, where a screen reader starts reading and
// the next Tab continues (instead of staying on a link that is gone, or falling back to <body>).
//
// Not on the first load: until the person has pressed a key or touched the screen, focus stays where the browser
// put it, also through the redirects that follow a load (/ to /home, a protected page to /auth).
let interacted = false;
if (typeof document !== 'undefined') {
  const mark = () => {
    interacted = true;
    document.removeEventListener('pointerdown', mark, true);
    document.removeEventListener('keydown', mark, true);
  };
  document.addEventListener('pointerdown', mark, true);
  document.addEventListener('keydown', mark, true);
}

/** The page's main heading (its h1 inside <main>), or <main> itself. */
function focusPageHeading() {
  const main = document.querySelector<HTMLElement>('main');
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  window.scrollTo?.({ top: 0 });
}

/** Set while the server renders a page (entry-server.tsx): the page's title goes into the HTML's <title>. */
export const ServerPageTitle = createContext<((title: string) => void) | null>(null);

/**
 * Sets document.title to '<page> · Influence' and, when the path changes after the first load, moves focus to the
 * page's main heading. A change of query string only (a tab, a filter) keeps focus where it is.
 */
export function usePageTitle(page: string) {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  useContext(ServerPageTitle)?.(t('app.documentTitle', { page }));

  useEffect(() => {
    document.title = t('app.documentTitle', { page });
  }, [t, page]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes, i.e. on a new page
  useEffect(() => {
    // A deep link (#section) is scrolled to by its page.
    if (interacted && !hash) focusPageHeading();
  }, [pathname]);
}
