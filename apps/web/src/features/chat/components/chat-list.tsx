import type { ChatListItem } from '@app/shared/chat/chat.schemas';
import { isLanguage } from '@app/shared/i18n/language';
import { MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { firstScreenful, HydrateLater } from '@/components/hydrate-later';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { fullName, useDates, useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useChats } from '../api/use-chats';
import { readable } from './conversation/system-line';
import { UnreadCount } from './unread-count';

/**
 * Spec §2 Chat, the list side: the caller's conversations newest first, each with the other party, the campaign,
 * the order's amount and what is unread. A row opens its conversation (`/chat?c={id}`).
 */
export function ChatList({ emptyAction, selectedId }: { emptyAction?: ReactNode; selectedId?: string | null }) {
  const { t } = useTranslation();
  const chats = useChats();

  if (chats.isPending) return <ChatListSkeleton />;
  if (chats.isError && !chats.data) {
    return (
      <ErrorState
        title={t('chat.loadFailed')}
        description={chats.error.message}
        onRetry={() => void chats.refetch()}
        retrying={chats.isFetching}
      />
    );
  }
  const items = chats.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={MessageCircle} title={t('chat.empty')} action={emptyAction} />;
  // Taken over with the page: the rows a phone's screen shows, or a wider one's; the rest once it is live (a row is
  // one link, components/hydrate-later.tsx).
  const eager = firstScreenful(7, 9);
  return (
    <section aria-labelledby="chat-list-heading">
      <h2 id="chat-list-heading" className="sr-only">
        {t('chat.listHeading')}
      </h2>
      <p className="mb-2 px-1 text-sm font-medium text-muted-foreground" data-testid="chat-count">
        {t('chat.count', { count: items.length })}
      </p>
      <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-card">
        {items.map((chat, index) => (
          <HydrateLater key={chat.id} id={chat.id} eager={index < eager}>
            <ChatRow chat={chat} selected={chat.id === selectedId} />
          </HydrateLater>
        ))}
      </ul>
      {chats.hasNextPage && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {chats.isFetchNextPageError && <FieldError>{t('chat.loadFailed')}</FieldError>}
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            onClick={() => void chats.fetchNextPage()}
            loading={chats.isFetchingNextPage}
          >
            {t('chat.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}

export function ChatRow({ chat, selected }: { chat: ChatListItem; selected: boolean }) {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const { counterpart, campaign } = chat;
  const name = fullName(counterpart.name, counterpart.lastname);
  return (
    <li>
      <Link
        to={`?c=${chat.id}`}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          selected && 'bg-primary-soft hover:bg-primary-soft',
        )}
      >
        <Avatar src={counterpart.avatarUrl} name={counterpart.name} lastname={counterpart.lastname} />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h3 className="min-w-0 flex-1 truncate text-sm font-semibold">{name}</h3>
            {chat.amountMinor !== null && (
              <span className="shrink-0 text-xs font-semibold text-foreground tabular-nums">
                {gel(chat.amountMinor)}
              </span>
            )}
          </div>
          <p className="truncate text-sm text-muted-foreground">{campaign ? campaign.title : t('chat.noCampaign')}</p>
          <LastMessage chat={chat} />
          <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
            <UnreadCount count={chat.unreadCount} />
            {chat.status === 'closed' && <Badge variant="secondary">{t('chat.closed')}</Badge>}
            {/* Spec §2: the creation date shows on a phone, where the list is the whole screen. */}
            <span className="text-xs text-muted-foreground lg:hidden">
              {t('chat.started', { date: dates.day(chat.createdAt) })}
            </span>
          </div>
        </div>
      </Link>
    </li>
  );
}

/** The newest message and when it came (issue 27): text, or "Photo" / the file, with "You:" before one's own. */
function LastMessage({ chat }: { chat: ChatListItem }) {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const last = chat.lastMessage;
  if (!last) return <p className="truncate text-sm text-muted-foreground italic">{t('chat.preview.none')}</p>;
  const what =
    last.kind === 'photo'
      ? [t('chat.preview.photo'), last.text].filter(Boolean).join(': ')
      : last.kind === 'file'
        ? [t('chat.preview.file'), last.text].filter(Boolean).join(': ')
        : last.kind === 'system'
          ? readable(last.text ?? '', isLanguage(i18n.language) ? i18n.language : 'en')
          : (last.text ?? '');
  const today = dates.day(last.at) === dates.day(new Date().toISOString());
  return (
    <p className="flex min-w-0 items-baseline gap-2 text-sm">
      <span className={cn('min-w-0 flex-1 truncate', chat.unreadCount > 0 ? 'font-medium' : 'text-muted-foreground')}>
        {last.mine ? t('chat.preview.you', { text: what }) : what}
      </span>
      {/* Today's time of day, else the date; "today" may differ between the server's render and the browser. */}
      <time dateTime={last.at} className="shrink-0 text-xs text-muted-foreground" suppressHydrationWarning>
        {today ? dates.clock(last.at) : dates.day(last.at)}
      </time>
    </p>
  );
}

function ChatListSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="divide-y divide-border rounded-xl border border-border bg-card">
      <span role="status" className="sr-only">
        {t('chat.loading')}
      </span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3 sm:px-5 sm:py-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-56 max-w-full" />
          </div>
          <Skeleton className="h-3 w-24" />
        </div>
      ))}
    </div>
  );
}
