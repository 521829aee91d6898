import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  type ChatHeader,
  MESSAGE_MAX,
  type MessageDto,
  messageDto,
} from '@app/shared/chat/message.schemas';
import { formatGel } from '@app/shared/format/format';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  Camera,
  Check,
  CheckCheck,
  Clock,
  FileText,
  Info,
  LifeBuoy,
  MessageCircle,
  Paperclip,
  SendHorizontal,
  Smile,
  WifiOff,
} from 'lucide-react';
import { Popover } from 'radix-ui';
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StageBadge } from '@/components/stage-badge';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { upload } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { fullName, useDates } from '@/lib/format';
import { useRealtime, useRealtimeEvents, useRealtimeStatus } from '../api/realtime';
import { addMessage, messagesOf, useMarkRead, useMessages, useSendMessage } from '../api/use-messages';
import { useAskSupport, useCloseChat } from '../api/use-support';
import { CameraDialog } from './camera-dialog';

type Pending = {
  clientId: string;
  content: string;
  createdAt: string;
  /** An upload on its way: the file's name and how far it is (0-1). */
  file?: { name: string; progress: number };
};

/** How long a 'typing' frame keeps the indicator up, and how often this screen sends one while typing. */
const TYPING_SHOWN_MS = 4000;
const TYPING_EVERY_MS = 2500;

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
  async function attach(file: File) {
    const clientId = crypto.randomUUID();
    const createdAt = new Date().toISOString();
    const setProgress = (progress: number) =>
      setPending((p) => p.map((x) => (x.clientId === clientId ? { ...x, file: { name: file.name, progress } } : x)));
    setPending((p) => [...p, { clientId, content: '', createdAt, file: { name: file.name, progress: 0 } }]);
    try {
      if (file.size > ATTACHMENT_MAX_BYTES) throw new Error(ATTACHMENT_MESSAGES.tooLarge);
      const form = new FormData();
      form.append('file', file);
      const message = await upload(
        `/api/chats/${chatId}/attachments?clientId=${clientId}`,
        form,
        messageDto,
        setProgress,
      );
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
      <header className="flex items-center gap-3 border-b border-border px-3 py-3 sm:px-4">
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
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold">{name}</h2>
          <p className="truncate text-sm text-muted-foreground">
            {header.kind === 'support' ? (
              t('support.title')
            ) : header.campaign ? (
              <Link to={paths.campaign.href(header.campaign.id)} className="hover:text-foreground hover:underline">
                {header.campaign.title}
              </Link>
            ) : (
              t('chat.noCampaign')
            )}
            {header.amountMinor !== null && <span> · {formatGel(header.amountMinor)}</span>}
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

function MessageList(props: {
  /** Whom to name above another person's bubble when a chat has three people in it (support asked in). */
  senderName: (m: MessageDto) => string | null;
  items: MessageDto[];
  waiting: Pending[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const first = props.items[0]?.id;
  const last = props.items.at(-1)?.id ?? props.waiting.at(-1)?.clientId;

  // Older messages went in above: keep what the reader was looking at where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !anchor.current || !first) return;
    el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
    anchor.current = null;
  }, [first]);
  // A new message at the bottom: follow it.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && last) el.scrollTop = el.scrollHeight;
  }, [last]);

  const loadOlder = () => {
    const el = scroller.current;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    props.onLoadOlder();
  };

  if (props.items.length === 0 && props.waiting.length === 0) {
    return (
      <div className="flex flex-1 items-center justify-center p-4">
        <EmptyState
          icon={MessageCircle}
          title={t('chat.noMessages')}
          headingLevel="h3"
          className="w-full border-none bg-transparent"
        />
      </div>
    );
  }
  let lastDay = '';
  return (
    <div
      ref={scroller}
      onScroll={(e) => {
        if (e.currentTarget.scrollTop < 40 && props.hasOlder && !props.loadingOlder) loadOlder();
      }}
      className="flex-1 overflow-y-auto px-3 py-4 sm:px-4"
    >
      {props.hasOlder && (
        <div className="mb-3 flex justify-center">
          <Button variant="outline" size="sm" onClick={loadOlder} loading={props.loadingOlder}>
            {t('chat.loadOlder')}
          </Button>
        </div>
      )}
      <ol aria-label={t('chat.messagesLabel')} className="flex flex-col gap-1.5">
        {props.items.map((m) => {
          const day = dates.day(m.createdAt);
          const divider = day !== lastDay;
          lastDay = day;
          return (
            <li key={m.id} className="contents">
              {divider && (
                <p className="my-2 text-center text-xs font-medium text-muted-foreground" aria-hidden="true">
                  {day}
                </p>
              )}
              {m.kind === 'system' ? (
                <SystemLine content={m.content ?? ''} time={m.createdAt} />
              ) : (
                <Bubble
                  mine={m.mine}
                  sender={props.senderName(m)}
                  attachment={m.attachment}
                  content={m.content ?? ''}
                  time={m.createdAt}
                  state={m.mine ? (m.seen ? 'seen' : 'sent') : null}
                />
              )}
            </li>
          );
        })}
        {props.waiting.map((p) => (
          <li key={p.clientId} className="contents">
            <Bubble mine content={p.content} time={p.createdAt} state="sending" uploading={p.file} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * 'Ask support to join' (issue 12 §5): either party of an order brings the admins into the conversation, after a
 * confirmation; then the header says support was asked, or is there.
 */
function AskSupport({ chatId, state }: { chatId: string; state: ChatHeader['support'] }) {
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

/** A line of the order's story ('Payment confirmed', 'Work submitted', ...), centred between the bubbles. */
function SystemLine({ content, time }: { content: string; time: string }) {
  const dates = useDates();
  return (
    <div
      data-testid="system-message"
      className="my-1 flex max-w-[90%] items-start gap-2 self-center rounded-lg bg-primary-soft px-3 py-1.5 text-xs text-foreground"
    >
      <Info className="mt-px size-3.5 shrink-0 text-primary-hover" aria-hidden="true" />
      <p className="break-words whitespace-pre-wrap">
        <Linkified text={content} />
        <time dateTime={time} className="ml-2 text-muted-foreground">
          {dates.clock(time)}
        </time>
      </p>
    </div>
  );
}

function Bubble(props: {
  mine: boolean;
  /** Named above the text in a three-person chat. */
  sender?: string | null;
  content: string;
  time: string;
  state: 'sending' | 'sent' | 'seen' | null;
  attachment?: MessageDto['attachment'];
  uploading?: { name: string; progress: number };
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const a = props.attachment;
  const StateIcon = props.state === 'seen' ? CheckCheck : props.state === 'sent' ? Check : Clock;
  return (
    <div
      data-testid="message"
      className={cn(
        'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-xs sm:max-w-[70%]',
        props.mine
          ? 'self-end rounded-br-md bg-primary text-primary-foreground'
          : 'self-start rounded-bl-md bg-muted text-foreground',
        props.state === 'sending' && 'opacity-70',
      )}
    >
      {props.sender && <p className="mb-0.5 text-xs font-semibold text-primary-hover">{props.sender}</p>}
      {props.uploading && (
        <div className="grid min-w-48 gap-1.5 py-1">
          <span className="flex items-center gap-2 truncate">
            <Paperclip className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{props.uploading.name}</span>
          </span>
          <Progress
            value={props.uploading.progress * 100}
            label={t('chat.uploading', { name: props.uploading.name })}
            className="bg-primary-foreground/30"
          />
        </div>
      )}
      {a?.type.startsWith('image/') && (
        <a href={a.url} target="_blank" rel="noopener noreferrer" className="-mx-1.5 -mt-0.5 block">
          <img src={a.url} alt={a.name} loading="lazy" className="max-h-64 w-auto max-w-full rounded-xl object-cover" />
        </a>
      )}
      {a && !a.type.startsWith('image/') && (
        <a
          href={a.url}
          download={a.name}
          className={cn(
            'flex items-center gap-3 rounded-lg px-2.5 py-2 underline-offset-2 hover:underline',
            props.mine ? 'bg-primary-foreground/15' : 'bg-card',
          )}
        >
          <FileText className="size-6 shrink-0" aria-hidden="true" />
          <span className="grid min-w-0">
            <span className="truncate font-medium">{a.name}</span>
            <span className={cn('text-xs', props.mine ? 'text-primary-foreground/80' : 'text-muted-foreground')}>
              {formatBytes(a.size)}
            </span>
          </span>
        </a>
      )}
      {props.content && (
        <p className="break-words whitespace-pre-wrap">
          <Linkified text={props.content} />
        </p>
      )}
      <p
        className={cn(
          'mt-1 flex items-center justify-end gap-1 text-[11px]',
          props.mine ? 'text-primary-foreground/80' : 'text-muted-foreground',
        )}
      >
        <time dateTime={props.time}>{dates.clock(props.time)}</time>
        {props.state && (
          <>
            <StateIcon className="size-3.5" aria-hidden="true" />
            <span className="sr-only" data-testid="message-state">
              {t(`chat.${props.state}`)}
            </span>
          </>
        )}
      </p>
    </div>
  );
}

/** 1.2 MB, 340 KB, 12 B. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/giu;

/** Text as text; http(s) addresses become links that open apart from the app. Nothing else is interpreted. */
export function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
            key={i}
            href={part}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-2 break-all"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Composer({
  onSend,
  onAttach,
  onTyping,
}: {
  onSend: (content: string) => Promise<boolean>;
  onAttach: (file: File) => void;
  onTyping: () => void;
}) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [text, setText] = useState('');
  const lastTyping = useRef(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const over = [...text].length - MESSAGE_MAX;
  const blank = text.trim() === '';

  async function sendNow() {
    if (blank || over > 0) return;
    const content = text;
    setText('');
    const sent = await onSend(content);
    // 'Failed to send message': the text goes back in the box (unless something new was typed meanwhile).
    if (!sent) setText((now) => (now === '' ? content : now));
    box.current?.focus();
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void sendNow();
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void sendNow();
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-1 border-t border-border p-3 sm:gap-2">
      <input
        ref={fileInput}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('chat.attach')}
        data-testid="attach-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onAttach(file);
        }}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-11 shrink-0"
        aria-label={t('chat.attach')}
        onClick={() => fileInput.current?.click()}
      >
        <Paperclip aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-11 shrink-0"
        aria-label={t('chat.camera.open')}
        onClick={() => setCameraOpen(true)}
      >
        <Camera aria-hidden="true" />
      </Button>
      <CameraDialog open={cameraOpen} onOpenChange={setCameraOpen} onCapture={onAttach} />
      <EmojiButton
        onPick={(emoji) => {
          const el = box.current;
          const start = el?.selectionStart ?? text.length;
          const end = el?.selectionEnd ?? text.length;
          setText((now) => now.slice(0, start) + emoji + now.slice(end));
          // Back in the box with the cursor after the emoji, ready to go on typing.
          requestAnimationFrame(() => {
            el?.focus();
            el?.setSelectionRange(start + emoji.length, start + emoji.length);
          });
        }}
      />
      <label htmlFor="chat-message" className="sr-only">
        {t('chat.messageLabel')}
      </label>
      <textarea
        id="chat-message"
        ref={box}
        rows={1}
        value={text}
        placeholder={t('chat.placeholder')}
        aria-describedby="chat-message-hint"
        aria-invalid={over > 0 || undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (Date.now() - lastTyping.current > TYPING_EVERY_MS) {
            lastTyping.current = Date.now();
            onTyping();
          }
        }}
        onKeyDown={onKeyDown}
        className="field-sizing-content max-h-40 min-h-11 flex-1 resize-none rounded-lg border border-input bg-background px-3 py-2.5 text-base leading-snug outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm"
      />
      <span id="chat-message-hint" className="sr-only">
        {over > 0 ? t('chat.tooLong', { count: over }) : t('chat.composerHint')}
      </span>
      <Button
        type="submit"
        size="icon"
        className="size-11 shrink-0"
        disabled={blank || over > 0}
        aria-label={t('chat.send')}
      >
        <SendHorizontal aria-hidden="true" />
      </Button>
    </form>
  );
}

const ChatEmojiPicker = lazy(() => import('./emoji-picker'));

/** The emoji button and its picker (loaded on first open). */
function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button type="button" variant="ghost" size="icon" className="size-11 shrink-0" aria-label={t('chat.emoji')}>
          <Smile aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          aria-label={t('chat.emoji')}
          className="z-50 overflow-hidden rounded-xl border border-border bg-card shadow-raised"
        >
          <Suspense
            fallback={
              <div className="flex h-80 w-[19.5rem] items-center justify-center">
                <Spinner label={t('chat.emojiLoading')} />
              </div>
            }
          >
            <ChatEmojiPicker
              onPick={(emoji) => {
                onPick(emoji);
                setOpen(false);
              }}
            />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function ConversationSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <span role="status" className="sr-only">
        {t('common.loading')}
      </span>
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-56" />
        </div>
      </div>
      <Skeleton className="mt-4 h-10 w-2/3" />
      <Skeleton className="h-10 w-1/2 self-end" />
      <Skeleton className="h-10 w-3/5" />
    </div>
  );
}
