import { SUPPORT_RESET_AFTER_ADMIN_CLOSE_MS, SUPPORT_RESET_AFTER_OWN_CLOSE_MS } from '@app/shared/chat/support.schemas';
import { SUPPORT_EMAIL } from '@app/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Headset } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { supportKeys, useStartSupportChat, useSupportChat } from '../api/use-support';
import { Conversation } from './conversation';

/**
 * Settings → Help → Admin Support (spec §2, §4 admin chat): start or resume the one open support chat, talk live,
 * close it. Closed by the admin: 'Chat Closed', and the screen resets after 2 s; closed here: after 1 s.
 */
export function SupportChat() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const current = useSupportChat();
  const start = useStartSupportChat();
  const [closedBy, setClosedBy] = useState<'self' | 'other' | null>(null);
  // The chat on screen stays until the reset, even once the server says there is no open chat any more.
  const [pinned, setPinned] = useState<string | null>(null);
  const chatId = pinned ?? current.data ?? null;
  useEffect(() => {
    if (current.data) setPinned(current.data);
  }, [current.data]);

  useEffect(() => {
    if (!closedBy) return;
    const timer = setTimeout(
      () => {
        qc.setQueryData(supportKeys.current(), { chatId: null });
        setPinned(null);
        setClosedBy(null);
      },
      closedBy === 'other' ? SUPPORT_RESET_AFTER_ADMIN_CLOSE_MS : SUPPORT_RESET_AFTER_OWN_CLOSE_MS,
    );
    return () => clearTimeout(timer);
  }, [closedBy, qc]);

  if (current.isPending && !chatId) return <Skeleton className="h-[60dvh] rounded-xl" />;
  if (current.isError && current.data === undefined && !chatId) {
    return (
      <ErrorState
        title={t('settings.adminSupport.loadFailed')}
        description={current.error.message}
        onRetry={() => void current.refetch()}
        retrying={current.isFetching}
      />
    );
  }
  if (!chatId) {
    return (
      <EmptyState
        icon={Headset}
        title={t('settings.adminSupport.startTitle')}
        description={
          <>
            {t('settings.adminSupport.startDescription')}{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-medium text-primary-hover underline-offset-4 hover:underline"
            >
              {t('settings.adminSupport.orEmail', { email: SUPPORT_EMAIL })}
            </a>
          </>
        }
        action={
          <Button
            loading={start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: t('settings.adminSupport.createFailed'),
                    description: error.message,
                  }),
              })
            }
          >
            {t('settings.adminSupport.start')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-3">
      {closedBy === 'other' && (
        <div role="status" className="rounded-lg border border-border bg-muted px-4 py-3 text-sm">
          <p className="font-semibold">{t('settings.adminSupport.closedTitle')}</p>
          <p className="text-muted-foreground">{t('settings.adminSupport.closedDescription')}</p>
        </div>
      )}
      <div className="h-[calc(100dvh-16rem)] min-h-96">
        <Conversation chatId={chatId} backTo={null} onClosed={setClosedBy} />
      </div>
    </div>
  );
}
