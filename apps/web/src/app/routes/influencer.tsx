import { InfluencerProfile } from '@/features/influencers/components/influencer-profile';
import { InviteDialog } from '@/features/invitations/components/invite-dialog';
import { fullName } from '@/lib/format';
import { useParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { AccessRestricted, RoleGate } from '../guards';

/**
 * Influencer profile for clients, with the Invite to Campaign dialog; everyone else sees Access Restricted. The
 * profile names the page itself (the influencer's name once it has loaded).
 */
export function InfluencerRoute() {
  const { id = '' } = useParams();
  return (
    <RoleGate roles={['client']} fallback={<Restricted />}>
      <InfluencerProfile
        // Another id is another page: nothing of the previous profile or its dialog carries over.
        key={id}
        id={id}
        actions={(profile) => (
          <InviteDialog influencerId={profile.id} influencerName={fullName(profile.name, profile.lastname)} />
        )}
      />
    </RoleGate>
  );
}

function Restricted() {
  const { t } = useTranslation();
  usePageTitle(t('titles.influencer'));
  return <AccessRestricted title={t('influencers.profile.title')} message={t('influencers.profile.restricted')} />;
}
