import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { AdminOverview, AdminShell } from '@/features/admin/components/admin-shell';
import { MoneyPage } from '@/features/admin/components/money-page';
import { OrderPage } from '@/features/admin/components/order-page';
import { OrdersList } from '@/features/admin/components/orders-list';
import { PeopleList } from '@/features/admin/components/people-list';
import { PersonPage } from '@/features/admin/components/person-page';
import { ProofCheckMark } from '@/features/orders/components/work-actions/proof-check-mark';
import { useParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { AccessRestricted, useSessionUser } from '../guards';

/** The console's screens: admins only (the server refuses everyone else too), inside the console's frame. */
function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(title);
  if (user.role !== 'admin') return <AccessRestricted title={t('admin.title')} message={t('admin.notAdmin')} />;
  return <AdminShell>{children}</AdminShell>;
}

/** /admin */
export function AdminConsoleRoute() {
  const { t } = useTranslation();
  return (
    <AdminOnly title={t('titles.admin')}>
      <PageHeader title={t('admin.title')} description={t('admin.subtitle')} />
      <AdminOverview />
    </AdminOnly>
  );
}

/** /admin/people */
export function AdminPeopleRoute() {
  const { t } = useTranslation();
  return (
    <AdminOnly title={t('titles.adminPeople')}>
      <PeopleList />
    </AdminOnly>
  );
}

/** /admin/people/:id */
export function AdminPersonRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AdminOnly title={t('titles.adminPeople')}>
      <PersonPage id={id} />
    </AdminOnly>
  );
}

/** /admin/orders */
export function AdminOrdersRoute() {
  const { t } = useTranslation();
  return (
    <AdminOnly title={t('titles.adminOrders')}>
      <OrdersList />
    </AdminOnly>
  );
}

/** /admin/orders/:id */
export function AdminOrderRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AdminOnly title={t('titles.adminOrders')}>
      <OrderPage id={id} proofCheck={(check) => <ProofCheckMark check={check} />} />
    </AdminOnly>
  );
}

/** /admin/money */
export function AdminMoneyRoute() {
  const { t } = useTranslation();
  return (
    <AdminOnly title={t('titles.adminMoney')}>
      <MoneyPage />
    </AdminOnly>
  );
}
