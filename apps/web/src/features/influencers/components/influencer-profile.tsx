import { formatCount } from '@app/shared/format/format';
import type { InfluencerProfile as Profile } from '@app/shared/influencers/influencer.schemas';
import { ArrowLeft, BadgeCheck, CalendarDays, ExternalLink, Mail, UserRoundX } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { Section } from '@/components/section';
import { RatingSummary } from '@/components/star-rating';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { failureReason } from '@/lib/failure';
import { fullName, useDates } from '@/lib/format';
import { Link, useLocation, useNavigate } from '@/lib/router';
import { isPlatform, socialHandles } from '@/lib/social-handle';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { isProfileMissing, useInfluencerProfile } from '../api/use-influencer-profile';
import { CategoryList } from './category-list';

type InfluencerProfileProps = {
  id: string;
  /** What the client can do with this influencer (the route passes the Invite to Campaign dialog). */
  actions?: (profile: Profile) => ReactNode;
};

/**
 * /influencers/{id} for a client: 'Loading profile...', the profile, 'Influencer not found', or (any other failure)
 * a toast and back to the directory (spec §8).
 */
export function InfluencerProfile({ id, actions }: InfluencerProfileProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useInfluencerProfile(id);
  const missing = profile.isError && isProfileMissing(profile.error);
  const failed = profile.isError && !missing && !profile.data;
  usePageTitle(profile.data ? fullName(profile.data.name, profile.data.lastname) : t('titles.influencer'));

  const left = useRef(false);
  useEffect(() => {
    if (!failed || left.current) return;
    left.current = true;
    // Spec §8: the message, then back to the directory, where it stays.
    toast({
      title: t('common.error'),
      description: failureReason(profile.error, t('influencers.profile.loadFailed')),
      variant: 'destructive',
      followsNavigation: true,
    });
    void navigate(paths.influencers.href(), { replace: true });
  }, [failed, navigate, profile.error, t]);

  if (profile.data) return <ProfileView profile={profile.data} actions={actions?.(profile.data)} />;
  if (missing) {
    return (
      <>
        <h1 className="sr-only">{t('influencers.profile.title')}</h1>
        <EmptyState
          icon={UserRoundX}
          title={t('influencers.profile.notFound')}
          description={t('influencers.profile.notFoundHint')}
          action={
            <Button asChild variant="outline">
              <Link to={paths.influencers.href()}>{t('influencers.profile.backToList')}</Link>
            </Button>
          }
        />
      </>
    );
  }
  // No heading while loading: after a navigation focus goes to <main>, and stays there when the profile arrives.
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-3 text-muted-foreground" role="status">
      <Spinner className="size-6" />
      <p className="text-sm font-medium">{t('influencers.profile.loading')}</p>
    </div>
  );
}

/** Back where the person came from (the directory with its filters, or Home), or to the directory on a fresh load. */
function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      variant="ghost"
      className="-ml-3 text-muted-foreground hover:text-foreground"
      onClick={() => void (location.key === 'default' ? navigate(paths.influencers.href()) : navigate(-1))}
    >
      <ArrowLeft aria-hidden="true" />
      {t('influencers.profile.back')}
    </Button>
  );
}

function ProfileView({ profile, actions }: { profile: Profile; actions: ReactNode }) {
  const { t } = useTranslation();
  const dates = useDates();
  const name = fullName(profile.name, profile.lastname);
  const socials = socialHandles(profile.socials);
  const followers = new Map(profile.platforms.map((p) => [p.platform, p.followersCount]));
  const price = new Map(profile.prices.map((p) => [p.platform, { min: p.priceMin, max: p.priceMax }]));

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <BackButton />
      </div>
      <Card>
        <CardContent className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
          <Avatar src={profile.avatarUrl} name={profile.name} lastname={profile.lastname} size="xl" />
          <div className="grid w-full min-w-0 flex-1 gap-3">
            <div className="grid justify-items-center gap-2 sm:justify-items-start">
              <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
                <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{name}</h1>
                <Badge>{t('roles.influencer')}</Badge>
              </div>
              <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                <CalendarDays className="size-4" aria-hidden="true" />
                {t('influencers.profile.joined', { date: dates.month(profile.joinedAt) })}
              </p>
              <RatingSummary average={profile.rating.average} count={profile.rating.count} />
            </div>
            <dl className="grid grid-cols-2 gap-3 sm:max-w-sm">
              <Stat label={t('influencers.profile.totalCampaigns')} value={String(profile.totalCampaigns)} />
              <Stat label={t('influencers.profile.totalFollowers')} value={formatCount(profile.totalFollowers)} />
            </dl>
            {actions && <div className="flex flex-col gap-2 sm:flex-row">{actions}</div>}
          </div>
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Card className="md:col-span-2">
          <CardContent>
            <Section title={t('influencers.profile.categories')}>
              {profile.categories.length > 0 ? (
                <CategoryList categories={profile.categories} />
              ) : (
                <p className="text-sm text-muted-foreground">{t('influencers.profile.noCategories')}</p>
              )}
              <PlatformCategories prices={profile.prices} />
            </Section>
          </CardContent>
        </Card>

        <Card>
          <CardContent>
            <Section title={t('influencers.profile.socials')}>
              {socials.length > 0 ? (
                <ul className="grid gap-2">
                  {socials.map((social) => {
                    const count = followers.get(social.platform);
                    return (
                      <li key={social.platform} className="flex items-center gap-3 rounded-lg border border-border p-3">
                        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                          <PlatformIcon platform={social.platform} className="size-5" />
                        </span>
                        <div className="min-w-0 flex-1">
                          <p className="text-sm font-semibold">{t(`platforms.${social.platform}`)}</p>
                          {social.href ? (
                            <a
                              href={social.href}
                              target="_blank"
                              rel="noopener noreferrer"
                              className="inline-flex max-w-full items-center gap-1 text-sm text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                            >
                              <span className="truncate">{social.label}</span>
                              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />{' '}
                              <span className="sr-only">{t('common.opensInNewTab')}</span>
                            </a>
                          ) : (
                            <p className="truncate text-sm text-muted-foreground">{social.label}</p>
                          )}
                        </div>
                        {count !== undefined && (
                          <p className="shrink-0 text-right text-sm">
                            <span className="inline-flex items-center gap-1 font-semibold">
                              <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
                              <span className="sr-only">{t('influencers.profile.verified')}</span>
                              {count === null ? '' : formatCount(count)}
                            </span>
                            <span className="block text-xs text-muted-foreground">
                              {count === null
                                ? t('influencers.profile.followersHidden')
                                : t('influencers.profile.followers', { count })}
                            </span>
                            {price.get(social.platform) && (
                              <span className="block text-xs text-muted-foreground">
                                {t('influencers.profile.priceRange', price.get(social.platform))}
                              </span>
                            )}
                          </p>
                        )}
                        {count === undefined && price.get(social.platform) && (
                          <p className="shrink-0 text-right text-xs text-muted-foreground">
                            {t('influencers.profile.priceRange', price.get(social.platform))}
                          </p>
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">{t('influencers.profile.noSocials')}</p>
              )}
            </Section>
          </CardContent>
        </Card>

        <Card>
          <CardContent>
            <Section title={t('influencers.profile.contact')}>
              {profile.email ? (
                <a
                  href={`mailto:${profile.email}`}
                  className="flex items-center gap-3 rounded-lg border border-border p-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                    <Mail className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold">{t('influencers.profile.email')}</span>
                    <span className="block truncate text-sm text-primary">{profile.email}</span>
                  </span>
                </a>
              ) : (
                <p className="text-sm text-muted-foreground">{t('influencers.profile.noContact')}</p>
              )}
            </Section>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-muted px-4 py-3 text-left">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tracking-tight">{value}</dd>
    </div>
  );
}

/** The categories the influencer set per platform in Settings → Social Media (issue 27: they were never shown). */
function PlatformCategories({ prices }: { prices: Profile['prices'] }) {
  const { t } = useTranslation();
  const set = prices.flatMap((p) =>
    isPlatform(p.platform) && p.categories.length > 0 ? [{ platform: p.platform, categories: p.categories }] : [],
  );
  if (set.length === 0) return null;
  return (
    <dl className="mt-4 grid gap-3">
      {set.map((p) => {
        const platform = t(`platforms.${p.platform}`);
        return (
          <div key={p.platform} className="grid gap-1.5">
            <dt className="flex items-center gap-1.5 text-sm font-medium">
              <PlatformIcon platform={p.platform} className="size-4 text-muted-foreground" />
              {t('influencers.profile.onPlatform', { platform })}
            </dt>
            <dd>
              <CategoryList
                categories={p.categories}
                label={t('influencers.profile.platformCategories', { platform })}
              />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
