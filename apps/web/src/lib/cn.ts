import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

let merging = true;

/** Joins class names and lets a later Tailwind utility override an earlier one (`px-2` then `px-4` keeps `px-4`). */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  return merging ? twMerge(joined) : joined;
}

/**
 * Runs `hydrate`, a take-over of the server's markup, with class names joined but not merged (issue 28 §2).
 *
 * On the built app's runtime (Preact) a hydration pass sets no attribute on the elements it takes over: the classes
 * the server merged stay as they are, and what `cn` returns then is never used. Merging them again cost a phone the
 * tailwind-merge class map (~20 ms at 4× CPU) and each distinct class list, before the page answered its first tap.
 * The vnodes keep the joined lists until their next render, which then compares the merged list with them and
 * writes it: the same classes the server wrote.
 *
 * An element the pass creates instead of taking over (the browser drew something the server did not) gets its
 * attributes from the render: those are merged here, once the pass is over. React hydrates later, in a transition,
 * so under React (`npm run dev`, the unit tests) this changes nothing.
 *
 * The pass includes the effects of its commit (lib/preact-compat.ts runs them at its end): a class list computed in
 * an effect on mount, or written through `flushSync` there, would be joined, not merged. None is today; keep it so.
 */
export function hydrateWithServedClasses(hydrate: () => void) {
  const inserted = new MutationObserver(() => undefined);
  inserted.observe(document.body, { childList: true, subtree: true });
  merging = false;
  try {
    hydrate();
  } finally {
    merging = true;
    for (const record of inserted.takeRecords()) {
      for (const node of record.addedNodes) if (node instanceof Element) mergeClassesBelow(node);
    }
    inserted.disconnect();
  }
}

function mergeClassesBelow(root: Element) {
  for (const element of [root, ...root.querySelectorAll('[class]')]) {
    const joined = element.getAttribute('class');
    if (!joined) continue;
    const merged = twMerge(joined);
    if (merged !== joined) element.setAttribute('class', merged);
  }
}
