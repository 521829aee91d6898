import { HydrateLater } from '@/components/hydrate-later';
import { Section } from '@/components/section';
import { PageHeader } from '@/components/ui/page-header';
import { UnconfirmedEmailNotice } from '@/features/auth/components/resend-verification-button';
import { PopularCategories } from '@/features/categories/components/popular-categories';
import { AdminWelcome } from '@/features/home/components/admin-welcome';
import { HomeStats } from '@/features/home/components/home-stats';
import { InfluencerWelcome } from '@/features/home/components/influencer-welcome';
import { ReadyToStartCard } from '@/features/home/components/ready-to-start-card';
import { SocialPlatforms } from '@/features/home/components/social-platforms';
import { TopInfluencers } from '@/features/home/components/top-influencers';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { useSessionUser } from '../guards';

export function HomeRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(t('titles.home'));
  // Someone whose role is not known yet sees the client's home.
  const audience = user.role === 'influencer' || user.role === 'admin' ? user.role : 'client';

  return (
    <>
      <PageHeader title={t('home.greeting', { name: user.name })} description={t(`home.${audience}.subtitle`)} />
      {/* Unconfirmed, an influencer cannot be hired or paid out (issue 23 §2): the first thing Home says. */}
      {audience === 'influencer' && !user.emailVerified && <UnconfirmedEmailNotice email={user.email} />}
      {audience === 'influencer' && <InfluencerWelcome />}
      {audience === 'admin' && <AdminWelcome />}
      {audience === 'client' && <ClientHome />}
    </>
  );
}

function ClientHome() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-10">
      <HomeStats />
      {/* Links only, below the greeting: taken over once the page is live (components/hydrate-later.tsx). */}
      <Section title={t('home.socialPlatforms.title')} description={t('home.socialPlatforms.description')}>
        <HydrateLater id="home-platforms">
          <SocialPlatforms />
        </HydrateLater>
      </Section>
      <Section title={t('home.categories.title')} description={t('home.categories.description')}>
        <HydrateLater id="home-categories">
          <PopularCategories />
        </HydrateLater>
      </Section>
      <Section title={t('home.topInfluencers.title')} description={t('home.topInfluencers.description')}>
        <TopInfluencers />
      </Section>
      <ReadyToStartCard />
    </div>
  );
}
