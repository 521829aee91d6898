import type { CampaignCard as CampaignCardData } from '@app/shared/campaigns/campaign.schemas';
import { LIMITS } from '@app/shared/constants';
import { truncate } from '@app/shared/format/format';
import { Check, Mail, Users } from 'lucide-react';
import { PlatformIcon } from '@/components/platform-icon';
import { StageBadge } from '@/components/stage-badge';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { fullName, useDates, useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { isPlatform } from '@/lib/social-handle';
import { useTranslation } from '@/lib/use-translation';

type CampaignCardProps = { campaign: CampaignCardData; viewer: 'client' | 'influencer' };

/**
 * One campaign in the grid. The title is the link; its ::after covers the card so the whole card is clickable
 * while the link's accessible name stays the title.
 */
export function CampaignCard({ campaign, viewer }: CampaignCardProps) {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const platform = campaign.socials.find(isPlatform);
  return (
    <article className="relative flex w-full min-w-0 flex-col rounded-xl list-card border border-border bg-card p-5 text-card-foreground shadow-card transition-colors has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring hover:border-primary/40">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {platform ? (
          <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
            <span className="flex size-8 items-center justify-center rounded-md bg-primary-soft text-primary">
              <PlatformIcon platform={platform} className="size-4" />
            </span>
            {t(`platforms.${platform}`)}
          </span>
        ) : (
          <span />
        )}
        <StageBadge stage={campaign.displayStatus} />
      </div>

      <h3 className="mt-4 text-base leading-snug font-semibold break-words">
        <Link
          to={paths.campaign.href(campaign.id)}
          className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
        >
          {truncate(campaign.title, LIMITS.cardTitleTruncate)}
        </Link>
      </h3>
      <p className="mt-1.5 text-sm break-words text-muted-foreground">
        {truncate(campaign.description, LIMITS.cardDescriptionTruncate)}
      </p>

      <dl className="mt-4 mb-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t('campaigns.fields.budget')}</dt>
          <dd className="font-semibold tabular-nums">{gel(campaign.budgetMinor)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('campaigns.fields.deadline')}</dt>
          <dd className="font-medium">
            {campaign.deadline ? dates.calendar(campaign.deadline) : t('campaigns.fields.noDeadline')}
          </dd>
        </div>
      </dl>

      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
        {viewer === 'influencer' ? (
          <>
            <span className="flex min-w-0 items-center gap-2">
              <Avatar
                src={campaign.client.avatarUrl}
                name={campaign.client.name}
                lastname={campaign.client.lastname}
                size="sm"
              />
              <span className="truncate text-sm font-medium">
                {fullName(campaign.client.name, campaign.client.lastname)}
              </span>
            </span>
            <span className="flex gap-1.5">
              {campaign.invited && (
                <Badge variant="outline">
                  <Mail aria-hidden="true" />
                  {t('campaigns.card.invited')}
                </Badge>
              )}
              {campaign.applicationStatus && (
                <Badge variant="success">
                  <Check aria-hidden="true" />
                  {t('campaigns.card.applied')}
                </Badge>
              )}
            </span>
          </>
        ) : (
          <span className="flex items-center gap-2 text-sm text-muted-foreground">
            <Users className="size-4" aria-hidden="true" />
            {t('campaigns.card.applicants', { count: campaign.applicationsCount ?? 0 })}
          </span>
        )}
      </div>
    </article>
  );
}
