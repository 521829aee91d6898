import type { Role } from '@app/shared/constants';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

/** The campaign list before there are campaigns (the list itself arrives with the campaigns API). */
export function CampaignsEmpty({ role }: { role: Role | null }) {
  const { t } = useTranslation();
  const client = role === 'client';
  return (
    <EmptyState
      icon={Megaphone}
      title={client ? t('campaigns.empty.client') : t('campaigns.empty.influencer')}
      description={client ? t('campaigns.empty.clientHint') : t('campaigns.empty.influencerHint')}
    />
  );
}
