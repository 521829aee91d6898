import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { AccessRestricted, useSessionUser } from '../guards';

export function OrdersRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(t('titles.orders'));
  if (user.role === 'client') return <Navigate to={paths.campaigns.href()} replace />;
  if (user.role !== 'influencer')
    return <AccessRestricted title={t('orders.title')} message={t('orders.onlyInfluencers')} />;
  return (
    <>
      <PageHeader title={t('orders.title')} description={t('orders.subtitle')} />
      <EmptyState icon={Package} title={t('orders.empty')} description={t('orders.emptyHint')} />
    </>
  );
}
