import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';
import { selectTriggerClasses } from './input';
// Types only: Radix itself arrives with ./select when this loads it.
import type { ChoiceSelectFieldProps } from './select';

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
  // False on the server and through the first hydration (nothing has loaded the code yet: both draw the stand-in);
  // on a screen opened later, true at once if it has loaded.
  const [ready, setReady] = useState(() => loaded !== null);
  const [openAtFirst, setOpenAtFirst] = useState(false);
  const [focusAtFirst, setFocusAtFirst] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  // Whoever asks first, the stand-in gives way to the menu as it is: focused if it had the focus.
  const load = useCallback(() => {
    loadSelect().then(
      () => {
        if (!standIn.current) return; // given way already, or gone
        setFocusAtFirst(document.activeElement === standIn.current);
        setReady(true);
      },
      () => undefined, // offline: the stand-in stays, and a tap asks again
    );
  }, []);

  useEffect(() => (ready ? undefined : whenIdle(load)), [ready, load]);

  if (ready && loaded) {
    const Field = loaded.ChoiceSelectField;
    return <Field {...props} openAtFirst={openAtFirst} focusAtFirst={focusAtFirst} />;
  }

  const open = () => {
    setOpenAtFirst(true);
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
      className={selectTriggerClasses}
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
