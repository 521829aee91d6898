import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { whenIdle } from '@/lib/when-idle';
import { controlClasses } from './input';
// Types only: Radix itself arrives with ./select when this loads it.
import type { ChoiceSelectFieldProps } from './select';

export type { Choice } from './select';

type SelectModule = typeof import('./select');
let loaded: SelectModule | null = null;
let loading: Promise<SelectModule> | null = null;
const loadSelect = () => {
  loading ??= import('./select').then(
    (m) => {
      loaded = m;
      return m;
    },
    (err: unknown) => {
      loading = null; // a later tap asks again
      throw err;
    },
  );
  return loading;
};

/** Loads the menu's code now (component tests draw the menu as it is once loaded; choice-select.test.tsx covers the stand-in). */
export const preloadChoiceSelect = (): Promise<void> => loadSelect().then(() => undefined);

/** The keys that open a Radix Select from its trigger. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A menu of plain choices (a sort, a filter) whose code (Radix Select, floating-ui: ~30 KB br with the dialogs' stack
 * it shares) is not on the page's way to its first tap (issue 28 §2). Until it has loaded, a stand-in with the
 * trigger's look and role is drawn (by the server too); the code loads when the browser is idle after the page is
 * live, or as soon as the stand-in is pointed at or focused. A tap or an opening key on the stand-in meanwhile is
 * not lost: the menu opens once its code is here.
 */
export function ChoiceSelect(props: Omit<ChoiceSelectFieldProps, 'openAtFirst' | 'focusAtFirst'>) {
  // Null on the server and through the first hydration (nothing has loaded it yet: both draw the stand-in); on a
  // screen opened later, the module at once if it has loaded.
  const [select, setSelect] = useState<SelectModule | null>(() => loaded);
  const [wanted, setWanted] = useState({ open: false, focus: false });
  const standIn = useRef<HTMLButtonElement>(null);
  // Whoever loads it first, the stand-in gives way to the menu as it is: focused if it had the focus.
  const swap = useCallback((m: SelectModule) => {
    const focused = standIn.current !== null && document.activeElement === standIn.current;
    if (focused) setWanted((w) => ({ ...w, focus: true }));
    setSelect(() => m);
  }, []);
  const load = useCallback(() => {
    loadSelect().then(
      (m) => standIn.current && swap(m),
      () => undefined, // offline: the stand-in stays, and a tap asks again
    );
  }, [swap]);

  useEffect(() => {
    if (select) return;
    return whenIdle(load);
  }, [select, load]);

  if (select) {
    const Field = select.ChoiceSelectField;
    return <Field {...props} openAtFirst={wanted.open} focusAtFirst={wanted.focus} />;
  }

  const open = () => {
    setWanted({ open: true, focus: true });
    load();
  };
  return (
    <button
      ref={standIn}
      type="button"
      id={props.id}
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      // Until the menu's code is here (what a test or whoever looks at the page can tell it by).
      data-stand-in=""
      data-placeholder={props.value === '' ? '' : undefined}
      disabled={props.disabled}
      className={cn(
        controlClasses,
        'flex h-11 items-center justify-between gap-2 text-left data-[placeholder]:text-muted-foreground md:h-10 [&>span]:truncate',
      )}
      onPointerEnter={load}
      onFocus={load}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    >
      {/* As Radix's SelectValue draws it: the placeholder only without a value. */}
      <span style={{ pointerEvents: 'none' }}>{props.value === '' ? props.placeholder : props.selectedLabel}</span>
      <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
    </button>
  );
}
