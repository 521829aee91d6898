import type { CampaignDetail as CampaignDetailData } from '@app/shared/campaigns/campaign.schemas';
import type { Role } from '@app/shared/constants';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { BackLink } from '@/components/back-link';
import { Panel } from '@/components/panel';
import { PlatformIcon } from '@/components/platform-icon';
import { StageBadge } from '@/components/stage-badge';
import { RatingSummary } from '@/components/star-rating';
import { Avatar } from '@/components/ui/avatar';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { fullName, useDates, useGel } from '@/lib/format';
import { isPlatform } from '@/lib/social-handle';
import { useWideLayout } from '@/lib/use-media-query';
import { useTranslation } from '@/lib/use-translation';
import { useCampaign } from '../api/use-campaigns';
import { ApplicationsList, HiredInfluencer } from './applications-panel';
import { ApplyPanel } from './apply-panel';
import { CampaignNotFound } from './campaign-not-found';
import { DeleteCampaignButton } from './delete-campaign-button';
import { ExpandableText } from './expandable-text';
import { ProgressTracker } from './progress-tracker';

type CampaignDetailProps = {
  id: string;
  viewerRole: Role | null;
  /** After the owner deleted the campaign. */
  onDeleted: () => void;
  /** After the influencer applied (the route refreshes what another feature shows, e.g. received invitations). */
  onApplied?: () => void;
  /** What this viewer can do with the order now (pay, start, submit, review…), composed by the route from features. */
  orderActions?: (campaign: CampaignDetailData) => ReactNode;
};

/** Spec §2 campaign detail: one request draws the whole screen, trimmed by the server to what this person may see. */
export function CampaignDetail({ id, viewerRole, onDeleted, onApplied, orderActions }: CampaignDetailProps) {
  const { t } = useTranslation();
  const campaign = useCampaign(id);
  const back = <BackLink to={paths.campaigns.href()}>{t('campaigns.detail.back')}</BackLink>;

  if (campaign.isPending) return <CampaignDetailSkeleton back={back} />;
  if (campaign.isError && !campaign.data) {
    // 404: unknown, deleted or not this person's; 400: not an id at all. Either way there is no such campaign.
    const missing = campaign.error instanceof ApiError && [400, 404].includes(campaign.error.status);
    return (
      <>
        <PageHeader eyebrow={back} title={t('campaigns.detail.title')} />
        {missing ? (
          <CampaignNotFound />
        ) : (
          <ErrorState
            title={t('campaigns.detail.loadFailed')}
            description={campaign.error.message}
            onRetry={() => void campaign.refetch()}
            retrying={campaign.isFetching}
          />
        )}
      </>
    );
  }
  return (
    <CampaignScreen
      campaign={campaign.data}
      viewerRole={viewerRole}
      back={back}
      onDeleted={onDeleted}
      onApplied={onApplied}
      orderActions={orderActions}
    />
  );
}

function CampaignScreen({
  campaign,
  viewerRole,
  back,
  onDeleted,
  onApplied,
  orderActions,
}: {
  campaign: CampaignDetailData;
  viewerRole: Role | null;
  back: ReactNode;
  onDeleted: () => void;
  onApplied?: () => void;
  orderActions?: (campaign: CampaignDetailData) => ReactNode;
}) {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const { viewer, counts, order } = campaign;
  const influencer = viewerRole === 'influencer';
  // A rejected applicant is told so; the hiring's progress is not theirs to follow.
  const showTracker = !(influencer && viewer.application?.status === 'rejected');
  // One mounted action area (its state survives), placed by the layout: beside the facts on a wide screen.
  const wide = useWideLayout();
  const actions = orderActions?.(campaign);

  return (
    <>
      <PageHeader
        eyebrow={back}
        title={<span className="break-words">{campaign.title}</span>}
        className="mb-3 sm:mb-4"
      />
      <div className="mb-6 flex flex-wrap items-center gap-2 sm:mb-8">
        {/* The owner of a hired campaign sees where the order stands (Payment Pending…), not the card's "open". */}
        <StageBadge stage={campaign.displayStatus} />
        {campaign.socials.filter(isPlatform).map((platform) => (
          <span
            key={platform}
            className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-2.5 py-0.5 text-xs font-semibold"
          >
            <PlatformIcon platform={platform} className="size-3.5 text-primary" />
            {t(`platforms.${platform}`)}
          </span>
        ))}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardContent className="grid gap-6">
              <section aria-labelledby="campaign-about" className="grid gap-2">
                <h2 id="campaign-about" className="text-base font-semibold">
                  {t('campaigns.detail.about')}
                </h2>
                <ExpandableText text={campaign.description} />
              </section>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-4 border-t border-border pt-5 sm:grid-cols-3">
                <Fact label={t('campaigns.fields.budget')}>
                  <span className="text-base font-semibold tabular-nums">{gel(campaign.budgetMinor)}</span>
                </Fact>
                <Fact label={t('campaigns.fields.deadline')}>
                  {campaign.deadline ? dates.calendar(campaign.deadline) : t('campaigns.fields.noDeadline')}
                </Fact>
                <Fact label={t('campaigns.fields.created')}>{dates.day(campaign.createdAt)}</Fact>
                <Fact label={t('campaigns.fields.networks')}>
                  <span className="flex flex-wrap gap-x-3 gap-y-1">
                    {campaign.socials.map((s) => (
                      <span key={s} className="inline-flex items-center gap-1.5">
                        {isPlatform(s) && <PlatformIcon platform={s} className="size-4 text-primary" />}
                        {isPlatform(s) ? t(`platforms.${s}`) : s}
                      </span>
                    ))}
                  </span>
                </Fact>
                {counts && (
                  <Fact label={t('campaigns.fields.applications')}>
                    {t('campaigns.detail.counts', { total: counts.total, pending: counts.pending })}
                  </Fact>
                )}
                {!viewer.isOwner && (
                  <Fact label={t('campaigns.fields.postedBy')}>
                    <span className="flex min-w-0 items-center gap-2">
                      <Avatar
                        src={campaign.client.avatarUrl}
                        name={campaign.client.name}
                        lastname={campaign.client.lastname}
                        size="sm"
                      />
                      <span className="truncate">{fullName(campaign.client.name, campaign.client.lastname)}</span>
                    </span>
                    {/* How influencers rated this client (issue 10: shown to influencers on the campaign). */}
                    {campaign.clientRating && (
                      <RatingSummary
                        average={campaign.clientRating.average}
                        count={campaign.clientRating.count}
                        size="sm"
                        className="mt-1"
                      />
                    )}
                  </Fact>
                )}
              </dl>
              {campaign.uploadLink && (
                <a
                  href={campaign.uploadLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 w-fit items-center gap-2 text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring md:min-h-0"
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  {t('campaigns.detail.uploadLink')}
                  <span className="sr-only"> {t('common.opensInNewTab')}</span>
                </a>
              )}
            </CardContent>
          </Card>

          {/* On a phone the order's next step comes right after the facts, before anything to scroll past. */}
          {!wide && actions}
          {/* Before the applicants: once someone is hired, that is what the owner comes back for. */}
          {viewer.isOwner && order && (
            <Panel title={t('campaigns.detail.hired')}>
              <HiredInfluencer order={order} />
            </Panel>
          )}
          {campaign.applications && (
            <Panel title={t('campaigns.applications.title', { count: campaign.applications.length })}>
              <ApplicationsList campaign={campaign} />
            </Panel>
          )}
        </div>

        <div className="grid min-w-0 gap-6">
          {wide && actions}
          {influencer && (
            <Panel title={t('campaigns.detail.yourApplication')}>
              <ApplyPanel campaign={campaign} onApplied={onApplied} />
            </Panel>
          )}
          {showTracker && (
            <Panel title={t('campaigns.tracker.title')}>
              <ProgressTracker stage={campaign.displayStatus} />
            </Panel>
          )}
          {viewer.isOwner && viewer.canDelete && (
            <DeleteCampaignButton campaignId={campaign.id} onDeleted={onDeleted} />
          )}
        </div>
      </div>
    </>
  );
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function CampaignDetailSkeleton({ back }: { back: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <header className="mb-6 sm:mb-8">
        <div className="mb-3">{back}</div>
        <h1 className="sr-only">{t('campaigns.detail.title')}</h1>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="mt-3 h-5 w-40 rounded-full" />
      </header>
      <span role="status" className="sr-only">
        {t('campaigns.detail.loading')}
      </span>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-3 rounded-xl border border-border bg-card p-6">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <div className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        </div>
        <div className="grid content-start gap-3 rounded-xl border border-border bg-card p-6">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-12 w-full" />
        </div>
      </div>
    </div>
  );
}
