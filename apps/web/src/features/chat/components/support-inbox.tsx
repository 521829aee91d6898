import type { SupportInboxItem } from '@app/shared/chat/support.schemas';
import { Headset } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useSupportInbox } from '../api/use-support';
import { UnreadCount } from './unread-count';

/** The admins' support inbox (issue 12 §5): one status at a time, newest activity first, live through the socket. */
export function SupportInbox({
  status,
  selectedId,
  hrefOf,
}: {
  status: 'active' | 'closed';
  selectedId: string | null;
  hrefOf: (chatId: string) => string;
}) {
  const { t } = useTranslation();
  const inbox = useSupportInbox(status);
  if (inbox.isPending) {
    return (
      <div aria-busy="true" className="grid gap-2">
        <span role="status" className="sr-only">
          {t('common.loading')}
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 rounded-xl" />
        ))}
      </div>
    );
  }
  if (inbox.isError && !inbox.data) {
    return (
      <ErrorState
        title={t('support.loadFailed')}
        description={inbox.error.message}
        onRetry={() => void inbox.refetch()}
        retrying={inbox.isFetching}
      />
    );
  }
  const items = inbox.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return <EmptyState icon={Headset} title={status === 'active' ? t('support.empty') : t('support.emptyClosed')} />;
  }
  return (
    <section aria-labelledby="support-list-heading">
      <h2 id="support-list-heading" className="sr-only">
        {t('support.listHeading')}
      </h2>
      <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-card">
        {items.map((c) => (
          <InboxRow key={c.id} chat={c} selected={c.id === selectedId} href={hrefOf(c.id)} />
        ))}
      </ul>
      {inbox.hasNextPage && (
        <div className="mt-4 flex flex-col items-center gap-2">
          {inbox.isFetchNextPageError && <FieldError>{t('support.loadFailed')}</FieldError>}
          <Button variant="outline" onClick={() => void inbox.fetchNextPage()} loading={inbox.isFetchingNextPage}>
            {t('chat.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}

function InboxRow({ chat, selected, href }: { chat: SupportInboxItem; selected: boolean; href: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [name = chat.user.name, ...rest] = chat.user.name.split(' ');
  return (
    <li>
      <Link
        to={href}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          selected && 'bg-primary-soft hover:bg-primary-soft',
        )}
      >
        <Avatar src={chat.user.avatarUrl} name={name} lastname={rest.join(' ')} />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h3 className="min-w-0 flex-1 truncate text-sm font-semibold">{chat.user.name}</h3>
            <Badge variant="secondary">{t(`roles.${chat.user.role}`, { defaultValue: chat.user.role })}</Badge>
          </div>
          <p className="truncate text-sm text-muted-foreground">
            {chat.kind === 'order' ? (
              <>
                <span className="font-medium text-foreground">{t('support.orderChat')}</span>
                {chat.campaignTitle ? ` · ${chat.campaignTitle}` : ''} ·{' '}
                {t('support.askedBy', { name: chat.user.name })}
              </>
            ) : (
              chat.user.email
            )}
          </p>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
            <UnreadCount count={chat.unreadCount} />
            {/* "3 minutes ago" may have moved on between the server's render and the browser's take-over. */}
            <span className="text-xs text-muted-foreground" suppressHydrationWarning>
              {t('support.lastActivity', {
                time: dates.since(chat.lastMessageAt),
              })}
            </span>
          </div>
        </div>
      </Link>
    </li>
  );
}
