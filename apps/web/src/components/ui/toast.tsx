import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export type ToastVariant = 'default' | 'success' | 'destructive';
export type ToastOptions = {
  title: string;
  description?: string;
  /** A second line under the description, e.g. the server's own reason after the spec's "Failed to …". */
  detail?: string;
  variant?: ToastVariant;
  durationMs?: number;
};
type ToastItem = ToastOptions & { id: number; open: boolean };

// A tiny store outside React so mutations, timers and plain functions can raise a toast.
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const MAX_VISIBLE = 3;

/** Shows a toast; callable from anywhere (no hook needed). Returns a function that dismisses it. */
export function toast(options: ToastOptions): () => void {
  const id = nextId++;
  const item: ToastItem = { variant: 'default', ...options, id, open: true };
  items = [...items, item].slice(-MAX_VISIBLE);
  emit();
  return () => dismiss(id);
}

function dismiss(id: number) {
  items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  // Leave time for the exit animation before the node goes.
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, 200);
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-success/30 bg-success-soft text-foreground',
  destructive: 'border-destructive/30 bg-destructive-soft text-foreground',
};

export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000} label={t('common.notifications')}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          duration={item.durationMs}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={item.variant}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-14 shadow-raised md:pr-10 transition-all data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            variantClasses[item.variant ?? 'default'],
          )}
        >
          {item.variant === 'success' && (
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          )}
          {item.variant === 'destructive' && (
            <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive-hover" aria-hidden="true" />
          )}
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {(item.description || item.detail) && (
              <ToastPrimitive.Description className="grid gap-0.5 text-sm text-foreground/80">
                {item.description && <span>{item.description}</span>}
                {item.detail && <span>{item.detail}</span>}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={t('common.close')}
            className="absolute top-1.5 right-1.5 flex size-11 items-center justify-center rounded-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring md:top-2.5 md:right-2.5 md:size-7"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 pt-[max(1rem,env(safe-area-inset-top))] outline-none sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
