import type { ApplicationDto, CampaignDetail, OrderSummary } from '@app/shared/campaigns/campaign.schemas';
import { Check, Inbox, MessageCircle, X } from 'lucide-react';
import { useState } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { StageBadge } from '@/components/stage-badge';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { fullName, useDates, useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { socialHandles } from '@/lib/social-handle';
import { useTranslation } from '@/lib/use-translation';
import { useDecideApplication } from '../api/campaign-mutations';
import { ApplicationStatusBadge } from './status-badge';

/** The influencer hired for this campaign, the payment state and the way to their chat. */
export function HiredInfluencer({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const gel = useGel();
  const { influencer } = order;
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3">
        <Avatar src={influencer.avatarUrl} name={influencer.name} lastname={influencer.lastname} />
        <div className="min-w-0">
          <Link
            to={paths.influencer.href(influencer.id)}
            className="font-semibold break-words hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {fullName(influencer.name, influencer.lastname)}
          </Link>
          <p className="text-sm text-muted-foreground tabular-nums">{gel(order.amountMinor)}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StageBadge stage={order.stage} />
        <Button asChild variant="outline" size="sm">
          <Link to={paths.chat.href(order.chatId)}>
            <MessageCircle aria-hidden="true" />
            {t('campaigns.openChat')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** The owner's list of applicants (spec §2), each with Accept / Reject while pending. */
export function ApplicationsList({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const gel = useGel();
  const decide = useDecideApplication(campaign.id);
  const [hiring, setHiring] = useState<ApplicationDto | null>(null);
  // Rejecting cannot be taken back either (the applicant is told, and a rejected application is never accepted):
  // asked the same way as accepting (issue 14).
  const [rejecting, setRejecting] = useState<ApplicationDto | null>(null);
  const othersPending = (campaign.applications ?? []).filter(
    (a) => a.status === 'pending' && a.id !== hiring?.id,
  ).length;
  const applications = campaign.applications ?? [];
  if (applications.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-input px-4 py-8 text-center">
        <Inbox className="mb-2 size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{t('campaigns.applications.empty')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('campaigns.applications.emptyHint')}</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3">
      {applications.map((application) => (
        <ApplicationItem
          key={application.id}
          application={application}
          canDecide={campaign.viewer.isOwner && application.status === 'pending'}
          // One decision at a time: a double click or a second applicant's button cannot send another.
          busy={decide.isPending}
          pendingDecision={
            decide.isPending && decide.variables?.applicationId === application.id
              ? decide.variables.decision
              : undefined
          }
          onDecide={(decision) => (decision === 'accept' ? setHiring(application) : setRejecting(application))}
        />
      ))}
      {/* Accepting hires one influencer, commits the budget and declines everyone else: it is asked once. */}
      <ConfirmDialog
        open={hiring !== null}
        onOpenChange={(open) => !open && setHiring(null)}
        title={t('campaigns.applications.confirmTitle', { name: hiring ? applicantName(hiring) : '' })}
        description={
          <>
            {t('campaigns.applications.confirmBudget', { amount: gel(campaign.budgetMinor) })}{' '}
            {othersPending > 0 && t('campaigns.applications.confirmOthers', { count: othersPending })}
          </>
        }
        confirmLabel={t('campaigns.applications.confirmAccept')}
        onConfirm={() => {
          if (hiring) decide.mutate({ applicationId: hiring.id, decision: 'accept' });
          setHiring(null);
        }}
      />
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('campaigns.applications.rejectTitle', { name: rejecting ? applicantName(rejecting) : '' })}
        description={t('campaigns.applications.rejectConfirm', { name: rejecting ? applicantName(rejecting) : '' })}
        confirmLabel={t('campaigns.applications.rejectButton')}
        destructive
        onConfirm={() => {
          if (rejecting) decide.mutate({ applicationId: rejecting.id, decision: 'reject' });
          setRejecting(null);
        }}
      />
    </ul>
  );
}

const applicantName = (a: ApplicationDto) => fullName(a.influencer.name, a.influencer.lastname);

type ApplicationItemProps = {
  application: ApplicationDto;
  canDecide: boolean;
  busy: boolean;
  pendingDecision?: 'accept' | 'reject';
  onDecide: (decision: 'accept' | 'reject') => void;
};

function ApplicationItem({ application, canDecide, busy, pendingDecision, onDecide }: ApplicationItemProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const { influencer } = application;
  const name = fullName(influencer.name, influencer.lastname);
  const socials = socialHandles(influencer.socials);
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex items-start gap-3">
        <Avatar src={influencer.avatarUrl} name={influencer.name} lastname={influencer.lastname} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <Link
              to={paths.influencer.href(influencer.id)}
              className="font-semibold break-words hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {name}
            </Link>
            <ApplicationStatusBadge status={application.status} />
          </div>
          <p className="text-xs text-muted-foreground">
            {t('campaigns.applications.appliedOn', { date: dates.day(application.createdAt) })}
          </p>
          {socials.length > 0 && (
            <ul
              className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm"
              aria-label={t('campaigns.applications.socials')}
            >
              {socials.map(({ platform, label }) => (
                <li key={platform} className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
                  <PlatformIcon platform={platform} className="size-3.5 shrink-0" />
                  <span className="sr-only">{t(`platforms.${platform}`)}:</span>
                  <span className="truncate">{label}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {canDecide && (
        <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            loading={pendingDecision === 'reject'}
            onClick={() => onDecide('reject')}
            aria-label={t('campaigns.applications.rejectName', { name })}
          >
            {pendingDecision !== 'reject' && <X aria-hidden="true" />}
            {t('campaigns.applications.reject')}
          </Button>
          <Button
            size="sm"
            disabled={busy}
            loading={pendingDecision === 'accept'}
            onClick={() => onDecide('accept')}
            aria-label={t('campaigns.applications.acceptName', { name })}
          >
            {pendingDecision !== 'accept' && <Check aria-hidden="true" />}
            {t('campaigns.applications.accept')}
          </Button>
        </div>
      )}
    </li>
  );
}
