import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { useDates } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useSupportHistory } from '../api/use-support';

/**
 * Settings → Help → Admin Support, under the current chat: the person's closed conversations (issue 27), each opened
 * read-only through `hrefOf` (its own history entry, so Back returns here). Nothing is shown until there is one.
 */
export function SupportHistory({ hrefOf }: { hrefOf: (chatId: string) => string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const history = useSupportHistory();
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  if (history.isError && !history.data) {
    return <FieldError>{t('settings.adminSupport.history.loadFailed')}</FieldError>;
  }
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="support-history-title" className="grid gap-2">
      <h2 id="support-history-title" className="flex items-center gap-2 text-base font-semibold">
        <History className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('settings.adminSupport.history.title')}
      </h2>
      <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-card">
        {items.map((c) => (
          <li key={c.id}>
            <Link
              to={hrefOf(c.id)}
              state={{ fromSupportList: true }}
              className="block px-4 py-3 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
            >
              <span className="block truncate text-sm font-medium">
                {c.firstMessage ?? t('settings.adminSupport.history.untitled')}
              </span>
              <span className="block text-xs text-muted-foreground">
                {t('settings.adminSupport.history.closedOn', { date: dates.day(c.closedAt ?? c.createdAt) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {history.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-center"
          loading={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('settings.adminSupport.history.more')}
        </Button>
      )}
    </section>
  );
}
