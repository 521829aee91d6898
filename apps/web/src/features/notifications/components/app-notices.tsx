import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { OFFER_PUSH } from '@/lib/push-offer-event';
import { useTranslation } from '@/lib/use-translation';

const PushOffer = lazy(() => import('./push-offer').then((m) => ({ default: m.PushOffer })));

const onlineNow = () => navigator.onLine;
const subscribeOnline = (changed: () => void) => {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
};

/**
 * The app's quiet notices (decision 040): a banner while the device is offline, and our own offer of push once the
 * person has sent a first message or taken an order step (its code loads only then).
 */
export function AppNotices() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribeOnline, onlineNow, () => true);
  const [offer, setOffer] = useState(false);
  useEffect(() => {
    const show = () => setOffer(true);
    addEventListener(OFFER_PUSH, show);
    return () => removeEventListener(OFFER_PUSH, show);
  }, []);
  return (
    <>
      {!online && (
        <p
          role="status"
          className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-40 bg-foreground px-4 py-2 text-center text-sm font-medium text-background md:bottom-0"
        >
          {t('notifications.offline')}
        </p>
      )}
      {offer && (
        <Suspense fallback={null}>
          <PushOffer onDone={() => setOffer(false)} />
        </Suspense>
      )}
    </>
  );
}
