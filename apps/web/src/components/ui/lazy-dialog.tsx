import {
  type ComponentProps,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useState,
} from 'react';
import { whenIdle } from '@/lib/when-idle';

// Types only: ./dialog (Radix Dialog, its focus trap and scroll lock, ~30 KB br) arrives when a dialog first opens.
type DialogModule = typeof import('./dialog');

let loaded: DialogModule | undefined;
let loading: Promise<DialogModule> | undefined;

/** ./dialog, once: the idle prefetch and every first open share one request; a failed one (offline) is retried. */
export function loadDialog(): Promise<DialogModule> {
  loading ??= import('./dialog').then(
    (m) => {
      loaded = m;
      return m;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * `load`'s component, drawn only once its `open` is first true (nothing before: a closed dialog has no markup) and
 * kept mounted after, so closing animates and its state lives on as before. Its code loads when the browser is idle
 * after the page is live, or on the first open if that comes first: a tap before then opens the dialog once the
 * chunk arrives. For dialogs and the forms inside them, which no page needs before its first tap (issue 28 §2).
 */
export function lazyUntilOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog at module level, like lazy()
  function UntilOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    useEffect(
      () =>
        whenIdle(() => {
          load().catch(() => undefined); // offline: it loads when opened, or says so there
        }),
      [],
    );
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return UntilOpen;
}

/** The dialog's parts draw inside an opened Dialog, so ./dialog is there; `use` covers a part drawn elsewhere. */
function useDialogModule(): DialogModule {
  return loaded ?? use(loadDialog());
}

/** ./dialog's Dialog, controlled (open, onOpenChange) and drawn from its first open (lazyUntilOpen). */
export const Dialog = lazyUntilOpen<{ open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }>(() =>
  loadDialog().then((m) => m.Dialog),
);

/** ./dialog's FormDialog, drawn from its first open. */
export const FormDialog = lazyUntilOpen<ComponentProps<DialogModule['FormDialog']>>(() =>
  loadDialog().then((m) => m.FormDialog),
);

export function DialogContent(props: ComponentProps<DialogModule['DialogContent']>) {
  const { DialogContent: Content } = useDialogModule();
  return <Content {...props} />;
}

export function DialogHeader(props: ComponentProps<DialogModule['DialogHeader']>) {
  const { DialogHeader: Header } = useDialogModule();
  return <Header {...props} />;
}

export function DialogFooter(props: ComponentProps<DialogModule['DialogFooter']>) {
  const { DialogFooter: Footer } = useDialogModule();
  return <Footer {...props} />;
}

export function DialogTitle(props: ComponentProps<DialogModule['DialogTitle']>) {
  const { DialogTitle: Title } = useDialogModule();
  return <Title {...props} />;
}

export function DialogDescription(props: ComponentProps<DialogModule['DialogDescription']>) {
  const { DialogDescription: Description } = useDialogModule();
  return <Description {...props} />;
}
