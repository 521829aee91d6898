import { BellRing } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { pushSupported, turnPushOn } from '@/lib/push';
import { useTranslation } from '@/lib/use-translation';

/** Asked once per device: "not now" and "yes" are both remembered (Settings → Notifications can change it). */
const ASKED = 'influence.push-offered';

/**
 * Our own question before the browser's (decision 040): what push is for, then the browser's prompt only if the
 * person says yes. Shown only where push can work and nobody answered yet.
 */
export function PushOffer({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const eligible = pushSupported() && Notification.permission === 'default' && localStorage.getItem(ASKED) === null;
  // It never takes the focus: it appears right after a message is sent, while the person may be typing the next one
  // (an Enter would answer it). It is announced politely instead.
  useEffect(() => {
    if (!eligible) onDone();
  }, [eligible, onDone]);
  if (!eligible) return null;

  const answer = async (accept: boolean) => {
    localStorage.setItem(ASKED, accept ? 'yes' : 'no');
    if (!accept) return onDone();
    setBusy(true);
    try {
      const state = await turnPushOn();
      if (state === 'on') toast({ title: t('notifications.push.turnedOn'), variant: 'success' });
    } catch {
      toast({ title: t('notifications.push.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
      onDone();
    }
  };

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-live="polite"
      aria-labelledby={titleId}
      className="fixed inset-x-3 top-[calc(0.75rem+env(safe-area-inset-top))] z-50 mx-auto max-w-md rounded-2xl border border-border bg-card p-4 shadow-lg"
    >
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <BellRing className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold">
            {t('notifications.push.offerTitle')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('notifications.push.offerBody')}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={() => void answer(false)} disabled={busy}>
          {t('notifications.push.offerNo')}
        </Button>
        <Button type="button" onClick={() => void answer(true)} loading={busy}>
          {t('notifications.push.offerYes')}
        </Button>
      </div>
    </section>
  );
}
