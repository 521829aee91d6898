import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
} from '@app/shared/notifications/notification.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/use-notifications';

type Channel = 'inApp' | 'mail';
const CHANNELS: Channel[] = ['inApp', 'mail'];

/** Settings → Notifications (issue 24 §3): per kind, in the app and by e-mail. Receipts are always mailed. */
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
  return <PreferencesForm initial={stored.data.items} initialDigest={stored.data.digest ?? true} />;
}

function PreferencesForm({ initial, initialDigest }: { initial: NotificationPreference[]; initialDigest: boolean }) {
  const { t } = useTranslation();
  const save = useSaveNotificationPreferences();
  const [items, setItems] = useState(initial);
  const [digest, setDigest] = useState(initialDigest);
  const set = (kind: NotificationKind, channel: Channel, on: boolean) =>
    setItems((all) => all.map((p) => (p.kind === kind ? { ...p, [channel]: on } : p)));
  const byKind = new Map(items.map((p) => [p.kind, p]));

  return (
    <form
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ items, digest });
      }}
    >
      <p className="text-sm text-muted-foreground">{t('notifications.preferences.intro')}</p>
      <fieldset className="overflow-hidden rounded-xl border border-border bg-card shadow-card">
        <legend className="sr-only">{t('notifications.preferences.legend')}</legend>
        <div
          aria-hidden="true"
          className="grid grid-cols-[1fr_4.5rem_4.5rem] gap-2 border-b border-border px-4 py-3 text-xs font-semibold text-muted-foreground sm:px-5"
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
            <li key={kind} className="grid grid-cols-[1fr_4.5rem_4.5rem] items-center gap-2 px-4 py-3 sm:px-5">
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
