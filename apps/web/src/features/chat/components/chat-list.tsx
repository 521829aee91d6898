import type { ChatListItem } from '@app/shared/chat/chat.schemas';
import { Info, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDay, fullName } from '@/lib/format';
import { useChats } from '../api/use-chats';

/**
 * Spec §2 Chat, the list side: the caller's conversations with the other party and the campaign, newest first.
 * Messaging itself arrives later, so a row opens nothing yet; the campaign link leads to the order's state.
 */
export function ChatList({ emptyAction }: { emptyAction?: ReactNode }) {
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
  return (
    <section aria-labelledby="chat-list-heading">
      <h2 id="chat-list-heading" className="sr-only">
        {t('chat.listHeading')}
      </h2>
      <p className="mb-4 flex items-start gap-2 rounded-lg bg-primary-soft px-4 py-3 text-sm text-foreground">
        <Info className="mt-0.5 size-4 shrink-0 text-primary-hover" aria-hidden="true" />
        {t('chat.comingSoon')}
      </p>
      <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-card">
        {items.map((chat) => (
          <ChatRow key={chat.id} chat={chat} />
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

function ChatRow({ chat }: { chat: ChatListItem }) {
  const { t } = useTranslation();
  const { counterpart, campaign } = chat;
  return (
    <li className="flex items-center gap-3 px-4 py-3 sm:px-5 sm:py-4">
      <Avatar src={counterpart.avatarUrl} name={counterpart.name} lastname={counterpart.lastname} />
      {/* On a phone the date goes under the campaign, so the title keeps the row's width. */}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="min-w-0 truncate text-sm font-semibold sm:text-base">
              {fullName(counterpart.name, counterpart.lastname)}
            </h3>
            {chat.status === 'closed' && <Badge variant="secondary">{t('chat.closed')}</Badge>}
          </div>
          <p className="line-clamp-2 text-sm break-words text-muted-foreground">
            {campaign ? (
              <Link
                to={paths.campaign.href(campaign.id)}
                className="hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {campaign.title}
              </Link>
            ) : (
              t('chat.noCampaign')
            )}
          </p>
        </div>
        <p className="text-xs text-muted-foreground sm:shrink-0">
          {t('chat.started', { date: formatDay(chat.createdAt) })}
        </p>
      </div>
    </li>
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
