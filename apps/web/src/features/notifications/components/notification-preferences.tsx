import { NOTIFICATION_KINDS, type NotificationKind } from '@app/shared/notifications/notification.constants';
import type { NotificationPreference } from '@app/shared/notifications/notification.schemas';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { type PushState, pushState, turnPushOff, turnPushOn } from '@/lib/push';
import { useTranslation } from '@/lib/use-translation';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/use-notifications';

type Channel = 'inApp' | 'mail' | 'push';
const CHANNELS: Channel[] = ['inApp', 'mail', 'push'];
const COLUMNS = 'grid-cols-[1fr_3.25rem_3.25rem_3.25rem] sm:grid-cols-[1fr_4.5rem_4.5rem_4.5rem]';

/**
 * Settings → Notifications (issue 24 §3, §4): per kind, in the app, by e-mail and by push; push for chat messages;
 * and this device's push switch. Receipts are always mailed.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const stored = useNotificationPreferences();
  if (stored.isPending) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-3">
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  if (stored.isError) {
    return (
      <ErrorState
        title={t('notifications.preferences.loadFailed')}
        description={stored.error.message}
        onRetry={() => void stored.refetch()}
        retrying={stored.isFetching}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <DevicePush />
      <PreferencesForm
        initial={stored.data.items}
        initialDigest={stored.data.digest ?? true}
        initialMessagesPush={stored.data.messagesPush ?? true}
      />
    </div>
  );
}

function PreferencesForm({
  initial,
  initialDigest,
  initialMessagesPush,
}: {
  initial: NotificationPreference[];
  initialDigest: boolean;
  initialMessagesPush: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveNotificationPreferences();
  const [items, setItems] = useState(initial);
  const [digest, setDigest] = useState(initialDigest);
  const [messagesPush, setMessagesPush] = useState(initialMessagesPush);
  const set = (kind: NotificationKind, channel: Channel, on: boolean) =>
    setItems((all) => all.map((p) => (p.kind === kind ? { ...p, [channel]: on } : p)));
  const byKind = new Map(items.map((p) => [p.kind, p]));

  return (
    <form
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ items, digest, messagesPush });
      }}
    >
      <p className="text-sm text-muted-foreground">{t('notifications.preferences.intro')}</p>
      <fieldset className="overflow-hidden rounded-xl border border-border bg-card shadow-card">
        <legend className="sr-only">{t('notifications.preferences.legend')}</legend>
        <div
          aria-hidden="true"
          className={`grid ${COLUMNS} gap-2 border-b border-border px-4 py-3 text-xs font-semibold text-muted-foreground sm:px-5`}
        >
          <span>{t('notifications.preferences.kind')}</span>
          {CHANNELS.map((c) => (
            <span key={c} className="text-center">
              {t(`notifications.preferences.${c}`)}
            </span>
          ))}
        </div>
        <ul className="divide-y divide-border">
          {NOTIFICATION_KINDS.map((kind) => (
            <li key={kind} className={`grid ${COLUMNS} items-center gap-2 px-4 py-3 sm:px-5`}>
              <span className="min-w-0">
                <span className="block text-sm font-medium">{t(`notifications.kinds.${kind}`)}</span>
                <span className="block text-xs text-muted-foreground">
                  {t(`notifications.preferences.hints.${kind}`)}
                </span>
              </span>
              {CHANNELS.map((c) => (
                <span key={c} className="flex justify-center">
                  {/* A 44 px target on phones around the 20 px box. */}
                  <label
                    htmlFor={`pref-${kind}-${c}`}
                    className="flex size-11 cursor-pointer items-center justify-center md:size-9"
                  >
                    <Checkbox
                      id={`pref-${kind}-${c}`}
                      checked={byKind.get(kind)?.[c] ?? true}
                      onCheckedChange={(v) => set(kind, c, v === true)}
                      aria-label={t('notifications.preferences.toggle', {
                        kind: t(`notifications.kinds.${kind}`),
                        channel: t(`notifications.preferences.${c}`),
                      })}
                    />
                  </label>
                </span>
              ))}
            </li>
          ))}
        </ul>
      </fieldset>
      {/* Chat messages are no kind of notification: their push is one choice of its own (decision 040). */}
      <label
        htmlFor="pref-messages-push"
        className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-card sm:px-5"
      >
        <span className="flex size-11 shrink-0 items-center justify-center md:size-6">
          <Checkbox
            id="pref-messages-push"
            checked={messagesPush}
            onCheckedChange={(v) => setMessagesPush(v === true)}
          />
        </span>
        <span className="min-w-0">
          <span className="block text-sm font-medium">{t('notifications.preferences.messagesPush')}</span>
          <span className="block text-xs text-muted-foreground">{t('notifications.preferences.messagesPushHint')}</span>
        </span>
      </label>
      {/* The daily digest (issue 24 §2): the unread ones of the day in one mail, for when the person was away. */}
      <label
        htmlFor="pref-digest"
        className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-card sm:px-5"
      >
        <span className="flex size-11 shrink-0 items-center justify-center md:size-6">
          <Checkbox id="pref-digest" checked={digest} onCheckedChange={(v) => setDigest(v === true)} />
        </span>
        <span className="min-w-0">
          <span className="block text-sm font-medium">{t('notifications.preferences.digest')}</span>
          <span className="block text-xs text-muted-foreground">{t('notifications.preferences.digestHint')}</span>
        </span>
      </label>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
          {t('notifications.preferences.save')}
        </Button>
      </div>
    </form>
  );
}

const DEVICE_TEXT: Record<PushState, string> = {
  on: 'notifications.push.deviceOn',
  off: 'notifications.push.deviceOff',
  denied: 'notifications.push.deviceDenied',
  unsupported: 'notifications.push.deviceUnsupported',
};

/** This device's push (decision 040): the browser's permission and subscription, shown and switched here. */
function DevicePush() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      setState(on ? await turnPushOn() : await turnPushOff());
    } catch {
      toast({ title: t('notifications.push.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const usable = state === 'on' || state === 'off';
  return (
    <div className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-card sm:px-5">
      <span className="flex size-11 shrink-0 items-center justify-center md:size-6">
        <Checkbox
          id="push-device"
          checked={state === 'on'}
          disabled={!usable || busy}
          aria-describedby="push-device-state"
          onCheckedChange={(v) => void toggle(v === true)}
        />
      </span>
      <span className="min-w-0">
        <label htmlFor="push-device" className="block text-sm font-medium">
          {t('notifications.push.deviceSwitch')}
        </label>
        <span id="push-device-state" className="block text-xs text-muted-foreground" aria-live="polite">
          {state ? t(DEVICE_TEXT[state]) : t('common.loading')}
        </span>
      </span>
    </div>
  );
}
