import { PageHeader } from '@/components/ui/page-header';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';

export function NotificationsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('titles.notifications'));
  return (
    <>
      <PageHeader title={t('notifications.title')} description={t('notifications.subtitle')} />
      <NotificationList />
    </>
  );
}
