import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ChatList } from '@/features/chat/components/chat-list';
import { usePageTitle } from '@/lib/use-page-title';
import { useSessionUser } from '../guards';

export function ChatRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(t('titles.chat'));
  return (
    <>
      <PageHeader title={t('chat.title')} description={t('chat.subtitle')} />
      {user.role === 'client' || user.role === 'influencer' ? (
        <ChatList
          emptyAction={
            user.role === 'client' && (
              <Button asChild>
                <Link to={paths.campaigns.href()}>{t('campaigns.create')}</Link>
              </Button>
            )
          }
        />
      ) : (
        // Order chats belong to their two parties; support chats come with messaging.
        <EmptyState icon={MessageCircle} title={t('chat.adminSoon')} />
      )}
    </>
  );
}
