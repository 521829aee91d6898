import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { CampaignDetail } from '@/features/campaigns/components/campaign-detail';
import { usePageTitle } from '@/lib/use-page-title';
import { useSessionUser } from '../guards';

export function CampaignRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useSessionUser();
  const navigate = useNavigate();
  usePageTitle(t('titles.campaign'));
  return (
    <CampaignDetail
      // A new id is a new screen: no state (See more, an apply in flight) carries over from the previous one.
      key={id}
      id={id}
      viewerRole={user.role}
      onDeleted={() => void navigate(paths.campaigns.href(), { replace: true })}
    />
  );
}
