import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { CampaignDetail } from '@/features/campaigns/components/campaign-detail';
import { receivedInvitationKeys } from '@/features/invitations/api/use-received-invitations';
import { useNavigate, useParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { useSessionUser } from '../guards';
import { OrderActions } from './order-actions';

export function CampaignRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle(t('titles.campaign'));
  return (
    <CampaignDetail
      // A new id is a new screen: no state (See more, an apply in flight) carries over from the previous one.
      key={id}
      id={id}
      viewerRole={user.role}
      onDeleted={() => void navigate(paths.campaigns.href(), { replace: true })}
      // An application answers any invitation to this campaign: /campaigns must not offer it again.
      onApplied={() => void queryClient.invalidateQueries({ queryKey: receivedInvitationKeys.all })}
      orderActions={(campaign) => <OrderActions campaign={campaign} />}
    />
  );
}
