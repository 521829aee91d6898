import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';
// Types only: the dialog itself (Radix AlertDialog and the dialogs' stack, ~30 KB br) arrives when first opened.
import type { ConfirmDialogProps } from './dialog';

const loadDialog = () => import('./dialog');
const Dialog = lazy(() => loadDialog().then((m) => ({ default: m.ConfirmDialog })));

/**
 * ./dialog's ConfirmDialog, whose code is not on the page's way to its first tap (issue 28 §2): nothing is drawn
 * until it is first opened, and its code loads when the browser is idle after the page is live (or when it opens,
 * if that comes first). Once opened it stays mounted, so closing it animates as before.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  useEffect(
    () =>
      whenIdle(() => {
        loadDialog().catch(() => undefined); // offline: it loads when opened, or says so there
      }),
    [],
  );
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
