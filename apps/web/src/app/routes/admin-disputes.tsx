import { AdminDispute } from '@/features/disputes/components/admin-dispute';
import { AdminDisputes } from '@/features/disputes/components/admin-disputes';
import { useParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { AccessRestricted, useSessionUser } from '../guards';

/** /admin/disputes (admin role only; the server refuses everyone else too). */
export function AdminDisputesRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(t('titles.disputes'));
  if (user.role !== 'admin')
    return <AccessRestricted title={t('disputes.admin.title')} message={t('disputes.admin.notAdmin')} />;
  return <AdminDisputes />;
}

/** /admin/disputes/:id */
export function AdminDisputeRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { id = '' } = useParams();
  usePageTitle(t('titles.disputes'));
  if (user.role !== 'admin')
    return <AccessRestricted title={t('disputes.admin.title')} message={t('disputes.admin.notAdmin')} />;
  return <AdminDispute id={id} />;
}
