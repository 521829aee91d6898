import { type ReactNode, Suspense } from 'react';

// Issue 28 §2: parts of a page whose only controls are links, taken over after the page is live instead of before: a
// list's cards past the first screenful, the app's navigation (app-layout.tsx), Home's platforms and categories. The
// server draws them all; in the browser, taking over their markup (hydration) is work the first tap waits for, ~3 ms
// of a phone's main thread per directory card at 4× CPU. A part wrapped here is left as the server drew it while the
// page hydrates (its links are real <a href>: a tap on one before it is taken over loads the page the ordinary way),
// and taken over once the page is live, one part per task.
//
// How: during the first hydration (`holdHydration`, app/boot.tsx), the card's component throws a promise, and
// Preact (the built app's runtime, decision 035) keeps the DOM of a component that suspends mid-hydration and
// hydrates it when the promise settles; its Suspense boundary draws nothing else meanwhile. Everywhere else (the
// server, a page the browser renders itself, a card added later, React in the unit tests and `npm run dev`) the card
// is drawn at once.
//
// What a held card may not do: call useId. Preact numbers useId in render order, so a held card's ids would come
// after the rest of the page's, and every id drawn after it would differ from the server's. A card's ids come from
// its data instead (influencer-card.tsx).

type Hold = { promise: Promise<void>; release: () => void };

let holding = false;
const held = new Map<string, Hold>();
const queue: Hold[] = [];

/** The browser is about to hydrate the server's page: cards wrapped in HydrateLater wait for `releaseHeld`. */
export function holdHydration() {
  holding = true;
}

/**
 * The page is live: the held cards are taken over one per task, so a tap waits for at most one card's work (the
 * browser runs input before the next timer). `<html data-held>` says some are still waiting (the journeys wait for
 * it to go). Cards drawn from now on are drawn at once.
 */
export function releaseHeld() {
  holding = false;
  const root = document.documentElement;
  const next = () => {
    const hold = queue.shift();
    if (!hold) {
      root.removeAttribute('data-held');
      return;
    }
    hold.release();
    setTimeout(next, 0);
  };
  if (queue.length > 0) root.setAttribute('data-held', '');
  setTimeout(next, 0);
}

/**
 * How many of a list's cards are taken over with the page: what a phone's screen shows of it, or a wider screen's
 * (from Tailwind's `sm`, where the lists get more columns). Read from the window, not assumed: holding a card
 * changes nothing in its markup.
 */
export function firstScreenful(phone: number, wider: number): number {
  return typeof window !== 'undefined' && window.matchMedia?.('(min-width: 40rem)').matches ? wider : phone;
}

function Held({ id, children }: { id: string; children: ReactNode }) {
  const hold = held.get(id);
  if (hold && queue.includes(hold)) throw hold.promise;
  if (holding && !hold) {
    let release: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      release = resolve;
    });
    const created = { promise, release };
    held.set(id, created);
    queue.push(created);
    throw promise;
  }
  return children;
}

/**
 * Draws `children` (one element: a card) at once, except while the browser takes over the server's page: then it is
 * taken over after the page is live. `eager` cards (the first screenful) never wait. `id` names the card (its data's
 * id), unique in the page.
 */
export function HydrateLater({ id, eager, children }: { id: string; eager?: boolean; children: ReactNode }) {
  if (eager) return children;
  return (
    <Suspense fallback={null}>
      <Held id={id}>{children}</Held>
    </Suspense>
  );
}
