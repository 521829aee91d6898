import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { OrderList } from '@/features/orders/components/order-list';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { AccessRestricted, useSessionUser } from '../guards';
import { Redirect } from '../redirect';

export function OrdersRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(t('titles.orders'));
  if (user.role === 'client') return <Redirect to={paths.campaigns.href()} />;
  if (user.role !== 'influencer')
    return <AccessRestricted title={t('orders.title')} message={t('orders.onlyInfluencers')} />;
  return (
    <>
      <PageHeader title={t('orders.title')} description={t('orders.subtitle')} />
      <OrderList />
    </>
  );
}
