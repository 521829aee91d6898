import { SUPPORT_RESET_AFTER_ADMIN_CLOSE_MS, SUPPORT_RESET_AFTER_OWN_CLOSE_MS } from '@app/shared/chat/chat.constants';
import { SUPPORT_EMAIL } from '@app/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Headset } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { supportKeys, useStartSupportChat, useSupportChat } from '../api/use-support';
import { Conversation } from './conversation';
import { SupportHistory } from './support-history';

/** Marks a closed conversation's entry as opened from the list here, so its back button is the browser's Back. */
type PastState = { fromSupportList?: true } | null;
const SECTION_HREF = paths.settings.href('admin-support');

/**
 * Settings → Help → Admin Support (spec §2, §4 admin chat): start or resume the one open support chat, talk live,
 * close it. Closed by the admin: 'Chat Closed', and the screen resets after 2 s; closed here: after 1 s. Closed
 * conversations stay readable: listed under it, each opened read-only at `&chat=` (issue 27).
 */
export function SupportChat() {
  const [params] = useSearchParams();
  const past = params.get('chat');
  return past ? <PastSupportChat chatId={past} /> : <CurrentSupportChat />;
}

/** A closed conversation, read-only, with the way back to the list. */
function PastSupportChat({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => {
    if ((location.state as PastState)?.fromSupportList) void navigate(-1);
    else void navigate(SECTION_HREF, { replace: true });
  };
  return (
    <div className="grid gap-3">
      <Button variant="ghost" size="sm" className="justify-self-start" onClick={back}>
        <ArrowLeft aria-hidden="true" />
        {t('settings.adminSupport.history.back')}
      </Button>
      <div className="h-[calc(100dvh-18rem)] min-h-96">
        <Conversation chatId={chatId} backTo={null} />
      </div>
    </div>
  );
}

function CurrentSupportChat() {
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
    // The conversation that just closed goes to the list below, where it stays readable.
    void qc.invalidateQueries({ queryKey: supportKeys.history() });
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
  const history = <SupportHistory hrefOf={(id) => `${SECTION_HREF}&chat=${id}`} />;
  if (!chatId) {
    return (
      <div className="grid gap-6">
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
        {history}
      </div>
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
      <div className="mt-3">{history}</div>
    </div>
  );
}
