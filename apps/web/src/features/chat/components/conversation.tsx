import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MESSAGES } from '@app/shared/chat/chat.constants';
import type { ChatHeader, MessageDto } from '@app/shared/chat/message.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { StageBadge } from '@/components/stage-badge';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { fullName, useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useRealtime, useRealtimeEvents, useRealtimeStatus } from '../api/realtime';
import { addMessage, messagesOf, sendAttachment, useMarkRead, useMessages, useSendMessage } from '../api/use-messages';
import { useCloseChat } from '../api/use-support';
import { AskSupport } from './conversation/ask-support';
import { Composer } from './conversation/composer';
import { ConversationSkeleton } from './conversation/conversation-skeleton';
import { MessageList, type Pending } from './conversation/message-list';

// The conversation's parts live in ./conversation/, one component a file; Linkified is still importable from here.
export { Linkified } from './conversation/linkified';

/** How long a 'typing' frame keeps the indicator up. */
const TYPING_SHOWN_MS = 4000;

/**
 * Spec §2 Chat, the conversation pane: header with the campaign and amount, bubbles with their time (own on the
 * right), the composer (Enter sends, Shift+Enter breaks the line). Sends are optimistic; a failure puts the text back.
 */
export function Conversation({
  chatId,
  backTo = paths.chat.href(),
  onClosed,
  orderActions,
}: {
  chatId: string;
  /** Where the phone's back arrow leads; null: no arrow (the pane is the whole screen's subject). */
  backTo?: string | null;
  /** A support chat closed while open here: by this screen ('self') or by the other side ('other'). */
  onClosed?: (by: 'self' | 'other') => void;
  /**
   * The order's next steps inside its chat (spec §2 Chat dialogs: start and pay, submit work, review and approve),
   * composed by the route from the features that own them, so the chat calls the same transitions as the campaign.
   */
  orderActions?: (header: ChatHeader) => ReactNode;
}) {
  const { t } = useTranslation();
  const gel = useGel();
  const qc = useQueryClient();
  const messages = useMessages(chatId);
  const closeChat = useCloseChat(chatId);
  const closedHere = useRef(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const send = useSendMessage(chatId);
  const markRead = useMarkRead(chatId);
  const realtime = useRealtime();
  const status = useRealtimeStatus();
  const [pending, setPending] = useState<Pending[]>([]);
  const [typingUntil, setTypingUntil] = useState(0);
  const [, rerender] = useState(0);

  const markReadNow = markRead.mutate;
  // Opening the chat reads it.
  useEffect(() => {
    if (messages.isSuccess) markReadNow();
  }, [messages.isSuccess, markReadNow]);

  const status0 = messages.data?.pages[0]?.chat.status;
  const reportClosed = onClosed;
  // Seen open, then closed: tell the screen once (the support screen resets after a moment).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (status0 === 'active') wasOpen.current = true;
    if (status0 === 'closed' && wasOpen.current) {
      wasOpen.current = false;
      reportClosed?.(closedHere.current ? 'self' : 'other');
    }
  }, [status0, reportClosed]);

  useRealtimeEvents((e) => {
    if (e.type === 'message.created' && e.chatId === chatId && !e.message.mine) {
      setTypingUntil(0);
      if (document.visibilityState === 'visible') markReadNow();
    }
    if (e.type === 'typing' && e.chatId === chatId) {
      setTypingUntil(Date.now() + TYPING_SHOWN_MS);
      setTimeout(() => rerender((n) => n + 1), TYPING_SHOWN_MS + 50);
    }
  });

  if (messages.isPending) return <ConversationSkeleton />;
  if (messages.isError && !messages.data) {
    return (
      <ErrorState
        title={t('chat.loadMessagesFailed')}
        description={messages.error.message}
        onRetry={() => void messages.refetch()}
        retrying={messages.isFetching}
      />
    );
  }
  const header = messages.data.pages[0]!.chat;
  const items = messagesOf(messages.data);
  const stored = new Set(items.map((m) => m.clientId));
  const waiting = pending.filter((p) => !stored.has(p.clientId));
  const parties = header.parties;
  // An admin asked into an order's chat reads both parties; everyone else reads the other one.
  const name = parties
    ? `${fullName(parties.client.name, parties.client.lastname)} · ${fullName(parties.influencer.name, parties.influencer.lastname)}`
    : fullName(header.counterpart.name, header.counterpart.lastname);
  const senderName = (m: MessageDto): string | null => {
    if (m.mine || !m.from) return null;
    if (m.from === 'support') return t('chat.from.support');
    if (!parties) return null;
    const p = parties[m.from];
    return fullName(p.name, p.lastname);
  };
  const typing = typingUntil > Date.now();

  function submit(content: string) {
    const clientId = crypto.randomUUID();
    setPending((p) => [...p, { clientId, content, createdAt: new Date().toISOString() }]);
    return new Promise<boolean>((resolve) => {
      send.mutate(
        { clientId, content },
        {
          onSuccess: () => resolve(true),
          onError: (error) => {
            toast({ variant: 'destructive', title: t('chat.sendFailed'), description: error.message });
            resolve(false);
          },
          onSettled: () => setPending((p) => p.filter((x) => x.clientId !== clientId)),
        },
      );
    });
  }

  /** A file as its own message, with progress; 'Upload failed' and the reason when it cannot go. */
  async function attach(file: File, caption = '') {
    const clientId = crypto.randomUUID();
    const createdAt = new Date().toISOString();
    const setProgress = (progress: number) =>
      setPending((p) => p.map((x) => (x.clientId === clientId ? { ...x, file: { name: file.name, progress } } : x)));
    setPending((p) => [...p, { clientId, content: caption.trim(), createdAt, file: { name: file.name, progress: 0 } }]);
    try {
      if (file.size > ATTACHMENT_MAX_BYTES) throw new Error(ATTACHMENT_MESSAGES.tooLarge);
      const message = await sendAttachment(chatId, clientId, file, setProgress, caption);
      addMessage(qc, chatId, message);
    } catch (error) {
      toast({ variant: 'destructive', title: t('chat.uploadFailed'), description: (error as Error).message });
    } finally {
      setPending((p) => p.filter((x) => x.clientId !== clientId));
    }
  }

  return (
    <section
      aria-label={t('chat.conversationWith', { name })}
      className="flex h-full min-h-0 flex-col overflow-hidden rounded-xl border border-border bg-card shadow-card"
    >
      {/* When the stage and the support button leave the title too little room (Georgian's are long), they wrap under
        it rather than cutting the campaign's title to a few letters. */}
      <header className="flex flex-wrap items-center gap-3 border-b border-border px-3 py-3 sm:px-4">
        {backTo !== null && (
          <Button asChild variant="ghost" size="icon" className="lg:hidden">
            <Link to={backTo} aria-label={t('chat.back')}>
              <ArrowLeft aria-hidden="true" />
            </Link>
          </Button>
        )}
        <Avatar
          src={header.counterpart.avatarUrl}
          name={header.counterpart.name}
          lastname={header.counterpart.lastname}
        />
        <div className="min-w-0 flex-1 basis-40">
          <h2 className="truncate text-base font-semibold">{name}</h2>
          {/* The amount keeps its place and only the title is cut: on a phone it stayed off the edge (issue 27). */}
          <p className="flex min-w-0 text-sm text-muted-foreground">
            <span className="min-w-0 truncate">
              {header.kind === 'support' ? (
                t('support.title')
              ) : header.campaign ? (
                <Link to={paths.campaign.href(header.campaign.id)} className="hover:text-foreground hover:underline">
                  {header.campaign.title}
                </Link>
              ) : (
                t('chat.noCampaign')
              )}
            </span>
            {header.amountMinor !== null && (
              <span className="shrink-0 whitespace-pre tabular-nums"> · {gel(header.amountMinor)}</span>
            )}
          </p>
        </div>
        {header.stage && <StageBadge stage={header.stage} className="hidden shrink-0 sm:inline-flex" />}
        {header.kind === 'order' && !parties && header.status === 'active' && (
          <AskSupport chatId={chatId} state={header.support} />
        )}
        {header.kind === 'support' && header.status === 'active' && (
          <>
            <Button variant="outline" size="sm" onClick={() => setConfirmClose(true)}>
              {t('chat.close')}
            </Button>
            <ConfirmDialog
              open={confirmClose}
              onOpenChange={(next) => !closeChat.isPending && setConfirmClose(next)}
              title={t('chat.close')}
              description={t('chat.closeConfirm')}
              confirmLabel={t('chat.close')}
              loading={closeChat.isPending}
              onConfirm={() => {
                closedHere.current = true;
                closeChat.mutate(undefined, {
                  onError: (error) => {
                    closedHere.current = false;
                    toast({ variant: 'destructive', title: t('chat.closeFailed'), description: error.message });
                  },
                  onSettled: () => setConfirmClose(false),
                });
              }}
            />
          </>
        )}
      </header>
      {header.kind === 'order' && header.status === 'active' && orderActions?.(header)}
      {status === 'offline' && (
        <p
          role="status"
          className="flex items-center justify-center gap-2 bg-muted px-3 py-1.5 text-xs text-muted-foreground"
        >
          <WifiOff className="size-3.5" aria-hidden="true" />
          {t('chat.reconnecting')}
        </p>
      )}
      <MessageList
        senderName={senderName}
        items={items}
        waiting={waiting}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        onLoadOlder={() => void messages.fetchNextPage()}
      />
      <p aria-live="polite" className="h-5 px-4 text-xs text-muted-foreground italic">
        {typing ? t('chat.typing', { name: header.counterpart.name }) : ''}
      </p>
      {header.status === 'closed' ? (
        <p className="border-t border-border px-4 py-4 text-center text-sm text-muted-foreground">
          {t('chat.closedNote')}
        </p>
      ) : (
        <Composer
          key={chatId}
          onSend={submit}
          onAttach={attach}
          onTyping={() => realtime?.send({ type: 'typing', chatId })}
        />
      )}
    </section>
  );
}
