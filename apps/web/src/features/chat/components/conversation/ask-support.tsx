import type { ChatHeader } from '@app/shared/chat/message.schemas';
import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { useTranslation } from '@/lib/use-translation';
import { useAskSupport } from '../../api/use-support';

/**
 * 'Ask support to join' (issue 12 §5): either party of an order brings the admins into the conversation, after a
 * confirmation; then the header says support was asked, or is there.
 */
export function AskSupport({ chatId, state }: { chatId: string; state: ChatHeader['support'] }) {
  const { t } = useTranslation();
  const ask = useAskSupport(chatId);
  const [confirming, setConfirming] = useState(false);
  if (state !== 'none') {
    return (
      <span className="hidden shrink-0 items-center gap-1.5 text-xs text-muted-foreground sm:inline-flex">
        <LifeBuoy className="size-4 text-primary-hover" aria-hidden="true" />
        {state === 'joined' ? t('chat.supportJoined') : t('chat.supportRequested')}
      </span>
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={t('chat.askSupportButton')}>
        <LifeBuoy aria-hidden="true" />
        <span className="hidden sm:inline">{t('chat.askSupport')}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => !ask.isPending && setConfirming(next)}
        title={t('chat.askSupportTitle')}
        description={t('chat.askSupportConfirm')}
        confirmLabel={t('chat.askSupportButton')}
        loading={ask.isPending}
        onConfirm={() =>
          ask.mutate(undefined, {
            onError: (error) =>
              toast({ variant: 'destructive', title: t('chat.askSupportFailed'), description: error.message }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </>
  );
}
