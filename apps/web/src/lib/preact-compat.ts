// What the built app imports as `react` and `react-dom` (apps/web/preact-runtime.ts): Preact's compatibility layer,
// with two of React's behaviours the app and Radix rely on and Preact 11.2 does not have. `preact` is pinned: (1)
// uses the name Preact's build gives an internal hook; `preact-compat.test.tsx` fails if it changes.
import { options, type VNode } from 'preact';

// @ts-expect-error: compat's types say `export =`; its module (compat.mjs) has the named exports this passes on.
export * from 'preact/compat';
export { default } from 'preact/compat';

type Options = typeof options & {
  requestAnimationFrame?: (flush: () => void) => void;
  /** `options._commit`, after a render's DOM changes and refs are in place (the name Preact's build gives it). */
  __c?: (vnode: VNode, commitQueue: unknown[]) => void;
};
const hooks = options as Options;

/**
 * 1. Effects before the next render. React runs a commit's passive effects before it renders anything again; Preact
 * runs them after the next frame, and a state set meanwhile (a ref callback's) renders before them, even in the same
 * task. Radix counts on React's order: a slider's thumb finds its index in the collection its child registers in an
 * effect, in the render its ref callback sets off; under Preact that render came first, and a slider mounted after the
 * page's first render (every slider in a section that loads when shown) kept both thumbs hidden for good
 * (`preact-compat.test.tsx`). Here the effects a commit leaves run at the end of that commit, after its refs and its
 * layout effects, and a frame later only if no commit came (as Preact's own schedule).
 */
let pendingEffects: (() => void) | null = null;
const runPendingEffects = () => {
  const flush = pendingEffects;
  pendingEffects = null;
  flush?.();
};
hooks.requestAnimationFrame = (flush) => {
  pendingEffects = flush;
  const run = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    if (pendingEffects === flush) runPendingEffects();
  };
  const timeout = setTimeout(run, 35);
  const frame = requestAnimationFrame(run);
};
const previousCommit = hooks.__c;
hooks.__c = (vnode, commitQueue) => {
  previousCommit?.(vnode, commitQueue);
  runPendingEffects();
};

/**
 * 2. Numbers as text. Hydrating `<span>{1}.</span>` over the server's `<span>1.</span>`, Preact compares the text node
 * with the number loosely (`"1." != 1` is false: "1." reads as the number 1), keeps "1." and then adds "." after it:
 * "1..". A number an element renders is given to Preact as its text, which it compares as text.
 */
// Every element of every render passes here, hydration's most of all: nothing is copied unless it holds a number.
const hasNumber = (child: unknown): boolean =>
  typeof child === 'number' || (Array.isArray(child) && child.some(hasNumber));
const asText = (child: unknown): unknown =>
  typeof child === 'number' ? String(child) : Array.isArray(child) ? child.map(asText) : child;
const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { children?: unknown } | null;
  if (typeof vnode.type === 'string' && props && hasNumber(props.children)) props.children = asText(props.children);
  previousVnode?.(vnode);
};
