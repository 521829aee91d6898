import { AdminPayoutBatch, AdminPayouts } from '@/features/payouts/components/admin-payouts';
import { useParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { AccessRestricted, useSessionUser } from '../guards';

/** /admin/payouts (admin role only; the server refuses everyone else too). */
export function AdminPayoutsRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(t('titles.payouts'));
  if (user.role !== 'admin')
    return <AccessRestricted title={t('payouts.admin.title')} message={t('payouts.admin.notAdmin')} />;
  return <AdminPayouts />;
}

/** /admin/payouts/:id */
export function AdminPayoutBatchRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { id = '' } = useParams();
  usePageTitle(t('titles.payouts'));
  if (user.role !== 'admin')
    return <AccessRestricted title={t('payouts.admin.title')} message={t('payouts.admin.notAdmin')} />;
  return <AdminPayoutBatch id={id} />;
}
