// Types only: the dialog itself (Radix AlertDialog and the dialogs' stack, ~30 KB br) arrives when first opened.
import type { ConfirmDialogProps } from './dialog';
import { lazyUntilOpen, loadDialog } from './lazy-dialog';

/**
 * ./dialog's ConfirmDialog, whose code is not on the page's way to its first tap (issue 28 §2): nothing is drawn
 * until it is first opened, and its code loads when the browser is idle after the page is live (or when it opens,
 * if that comes first). Once opened it stays mounted, so closing it animates as before.
 */
export const ConfirmDialog = lazyUntilOpen<ConfirmDialogProps>(() => loadDialog().then((m) => m.ConfirmDialog));
