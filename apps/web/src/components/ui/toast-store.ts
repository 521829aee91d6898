// The toasts' store and `toast()`, apart from the Radix Toaster that shows them (toast.tsx): a screen that raises a
// toast loads this small module, not the Toaster's Radix code, before its first tap (issue 28 §2). The app loads the
// Toaster after hydration (app.tsx).
export type ToastVariant = 'default' | 'success' | 'destructive';
/** One message: what happened (title) and, if needed, one line of why or what next (`failureReason()`). */
export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
  /**
   * The toast reports the result of the navigation that follows it (created → the new campaign's page, deleted →
   * the list, signed out → /auth): that navigation takes it along instead of clearing it.
   */
  followsNavigation?: boolean;
};
/** `screen`: the address it belongs to; null while it waits for the navigation it reports. */
type ToastItem = Omit<ToastOptions, 'followsNavigation'> & { id: number; open: boolean; screen: string | null };

// A tiny store outside React so mutations, timers and plain functions can raise a toast.
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const MAX_VISIBLE = 3;

/**
 * A screen is its address: path and query (the auth page's tabs, a Settings section, a list's search). The router
 * reports it through the Toaster; before the Toaster has loaded, the browser's address is the same thing.
 */
let reportedScreen: string | null = null;
/** The Toaster's router watcher has left (a component test's unmount): the browser's address is the screen again. */
export const forgetScreen = () => {
  reportedScreen = null;
};
const currentScreen = () => reportedScreen ?? window.location.pathname + window.location.search;

/**
 * Shows a toast on the current screen; callable from anywhere (no hook needed). Returns a function that dismisses
 * it. Leaving the screen clears it (issue 14: a toast belongs to the screen that raised it), unless
 * `followsNavigation` says it reports that very navigation.
 */
export function toast({ followsNavigation = false, ...options }: ToastOptions): () => void {
  // A success supersedes the failures before it (issue 27: an old error stayed over the verification code after a
  // successful Fetch): what failed has since worked, or the person moved on.
  if (options.variant === 'success') {
    for (const old of items) if (old.open && old.variant === 'destructive') dismiss(old.id);
  }
  const id = nextId++;
  const item: ToastItem = {
    variant: 'default',
    ...options,
    id,
    open: true,
    screen: followsNavigation ? null : currentScreen(),
  };
  items = [...items, item].slice(-MAX_VISIBLE);
  emit();
  return () => dismiss(id);
}

/** The address changed: toasts of other screens go; one waiting for this navigation stays and belongs here now. */
export function screenChanged(screen: string) {
  reportedScreen = screen;
  const leaving: number[] = [];
  items = items.map((item) => {
    if (!item.open) return item;
    if (item.screen === null) return { ...item, screen };
    if (item.screen !== screen) leaving.push(item.id);
    return item;
  });
  for (const id of leaving) dismiss(id);
  if (leaving.length === 0) emit();
}

export function dismiss(id: number) {
  items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  // Leave time for the exit animation before the node goes.
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, 200);
}

/** The toasts as the Toaster draws them. */
export const currentToasts = () => items;
