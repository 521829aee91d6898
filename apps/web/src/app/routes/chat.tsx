import { MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ChatList } from '@/features/chat/components/chat-list';
import { Conversation } from '@/features/chat/components/conversation';
import { cn } from '@/lib/cn';
import { Link, useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { useSessionUser } from '../guards';
import { Redirect } from '../redirect';
import { ChatOrderActions } from './order-actions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Spec §2 Chat: the list and the open conversation (`?c={chatId}`, so a reload and Back keep it). Phone first: two
 * screens on a phone, side by side from `lg` up.
 */
export function ChatRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [params] = useSearchParams();
  const raw = params.get('c');
  const selected = raw && UUID.test(raw) ? raw : null;
  usePageTitle(t('titles.chat'));
  // Order chats belong to their two parties; an admin's conversations are the support inbox.
  if (user.role === 'admin') return <Redirect to={paths.adminSupport.href()} />;
  return (
    <>
      <div className={cn(selected && 'hidden lg:block')}>
        <PageHeader title={t('chat.title')} description={t('chat.subtitle')} />
      </div>
      {/* On a phone the open conversation is the whole screen and the page's heading is hidden with the list. */}
      {selected && <h1 className="sr-only lg:hidden">{t('chat.title')}</h1>}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className={cn('min-w-0 lg:max-h-[calc(100dvh-12rem)] lg:overflow-y-auto', selected && 'hidden lg:block')}>
          <ChatList
            selectedId={selected}
            emptyAction={
              user.role === 'client' && (
                <Button asChild>
                  <Link to={paths.campaigns.href()}>{t('campaigns.create')}</Link>
                </Button>
              )
            }
          />
        </div>
        <div
          className={cn(
            'h-[calc(100dvh-7.5rem-env(safe-area-inset-bottom))] min-w-0 md:h-[calc(100dvh-5rem)] lg:h-[calc(100dvh-12rem)]',
            !selected && 'hidden lg:block',
          )}
        >
          {selected ? (
            <Conversation
              key={selected}
              chatId={selected}
              orderActions={(header) => <ChatOrderActions header={header} />}
            />
          ) : (
            <EmptyState icon={MessageCircle} title={t('chat.selectChat')} className="h-full" />
          )}
        </div>
      </div>
    </>
  );
}
