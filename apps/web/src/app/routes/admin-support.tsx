import { Headset } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { Conversation } from '@/features/chat/components/conversation';
import { SupportInbox } from '@/features/chat/components/support-inbox';
import { cn } from '@/lib/cn';
import { Link, useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { AccessRestricted, useSessionUser } from '../guards';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /admin/support (admin role only; the server refuses everyone else too): the inbox (open or closed, `?status=`)
 * beside the open conversation (`?c=`), two screens on a phone.
 */
export function AdminSupportRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [params] = useSearchParams();
  usePageTitle(t('titles.support'));
  if (user.role !== 'admin') return <AccessRestricted title={t('support.title')} message={t('support.notAdmin')} />;
  const status = params.get('status') === 'closed' ? 'closed' : 'active';
  const raw = params.get('c');
  const selected = raw && UUID.test(raw) ? raw : null;
  const hrefOf = (o: { status?: 'active' | 'closed'; c?: string | null }) => {
    const q = new URLSearchParams();
    if ((o.status ?? status) === 'closed') q.set('status', 'closed');
    const c = o.c === undefined ? selected : o.c;
    if (c) q.set('c', c);
    const s = q.toString();
    return `${paths.adminSupport.href()}${s ? `?${s}` : ''}`;
  };
  return (
    <>
      <div className={cn(selected && 'hidden lg:block')}>
        <PageHeader title={t('support.title')} description={t('support.subtitle')} />
      </div>
      {/* On a phone the open conversation is the whole screen and the page's heading is hidden with the list. */}
      {selected && <h1 className="sr-only lg:hidden">{t('support.title')}</h1>}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        {/* minmax(0,1fr): a long row is cut inside the column, not widening it past a phone (issue 27: 536 px). */}
        <div className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-3', selected && 'hidden lg:grid')}>
          <nav aria-label={t('support.tabs')} className="flex gap-1 rounded-lg bg-muted p-1">
            {(['active', 'closed'] as const).map((s) => (
              <Link
                key={s}
                to={hrefOf({ status: s, c: null })}
                aria-current={status === s ? 'page' : undefined}
                className={cn(
                  'flex-1 rounded-md px-3 py-2 text-center text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  status === s ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {s === 'active' ? t('support.open') : t('support.closed')}
              </Link>
            ))}
          </nav>
          <div className="lg:max-h-[calc(100dvh-16rem)] lg:overflow-y-auto">
            <SupportInbox status={status} selectedId={selected} hrefOf={(c) => hrefOf({ c })} />
          </div>
        </div>
        <div
          className={cn(
            'h-[calc(100dvh-7.5rem-env(safe-area-inset-bottom))] min-w-0 md:h-[calc(100dvh-5rem)] lg:h-[calc(100dvh-12rem)]',
            !selected && 'hidden lg:block',
          )}
        >
          {selected ? (
            <Conversation key={selected} chatId={selected} backTo={hrefOf({ c: null })} />
          ) : (
            <EmptyState icon={Headset} title={t('chat.selectChat')} className="h-full" />
          )}
        </div>
      </div>
    </>
  );
}
