import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useEffect, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { useInRouterContext, useLocation } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { currentToasts, dismiss, forgetScreen, screenChanged, subscribe, type ToastVariant } from './toast-store';

// What raises a toast imports ./toast-store (no Radix); this is the Toaster that shows them.
export { screenChanged, type ToastOptions, type ToastVariant, toast } from './toast-store';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-success/30 bg-success-soft text-foreground',
  destructive: 'border-destructive/30 bg-destructive-soft text-foreground',
};

/** Follows the router's address; outside a router (a component test) toasts simply stay until dismissed. */
function ScreenWatcher() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    screenChanged(pathname + search);
    return forgetScreen;
  }, [pathname, search]);
  return null;
}

export function Toaster() {
  const { t } = useTranslation();
  const inRouter = useInRouterContext();
  const toasts = useSyncExternalStore(subscribe, currentToasts, currentToasts);
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000} label={t('common.notifications')}>
      {inRouter && <ScreenWatcher />}
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
            {item.description && (
              <ToastPrimitive.Description className="text-sm text-foreground/80">
                {item.description}
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
      {/*
        Clear of the page title and of the control needed next (issue 27). On a phone: at the bottom above the tab
        bar (4rem and the safe area); while a dialog is open (Radix locks the body's scroll and marks it
        data-scroll-locked) at the top, since phone dialogs are bottom sheets whose buttons come next (Submit, Send).
        From md up (the tabs become a sidebar, dialogs are centred) in the bottom right corner.
      */}
      <ToastPrimitive.Viewport
        // The region's name in the page's language (Radix's default is English); Radix puts the key in {hotkey}.
        label={`${t('common.notifications')} ({hotkey})`}
        className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-[100] flex max-h-[calc(100dvh-5rem)] w-full flex-col gap-2 p-4 outline-none sm:left-auto sm:max-w-sm md:bottom-0 max-md:[body[data-scroll-locked]_&]:top-[env(safe-area-inset-top)] max-md:[body[data-scroll-locked]_&]:bottom-auto"
      />
    </ToastPrimitive.Provider>
  );
}
