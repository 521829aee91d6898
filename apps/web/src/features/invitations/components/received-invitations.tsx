import { CAMPAIGN_NETWORKS, LIMITS } from '@app/shared/constants';
import { truncate } from '@app/shared/format/format';
import type { ReceivedInvitation } from '@app/shared/invitations/invitation.schemas';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { fullName, useDates, useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useApplyFromInvitation, useDeclineInvitation, useReceivedInvitations } from '../api/use-received-invitations';

type Network = (typeof CAMPAIGN_NETWORKS)[number];
const isNetwork = (s: string): s is Network => (CAMPAIGN_NETWORKS as readonly string[]).includes(s);

type ReceivedInvitationsProps = {
  /** After applying from an invitation, so the page can refresh what shows that campaign. */
  onApplied?: (campaignId: string) => void;
};

/**
 * The influencer's pending invitations, above the campaign list: apply in one step or decline. Nothing is shown
 * while they load or when there are none; a failure says so with a retry.
 */
export function ReceivedInvitations({ onApplied }: ReceivedInvitationsProps) {
  const { t } = useTranslation();
  const invitations = useReceivedInvitations();
  const apply = useApplyFromInvitation({ onApplied });
  const decline = useDeclineInvitation();
  // Declining cannot be taken back: asked first, as every answer that cannot be undone is (issue 14).
  const [declining, setDeclining] = useState<ReceivedInvitation | null>(null);

  if (invitations.isPending) return null;
  if (invitations.isError && !invitations.data) {
    return (
      <ErrorState
        className="mb-8"
        title={t('campaigns.invitations.loadFailed')}
        description={invitations.error.message}
        onRetry={() => void invitations.refetch()}
        retrying={invitations.isFetching}
      />
    );
  }
  const items = invitations.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return null;
  // One answer at a time per invitation; the other invitations stay usable.
  const busyId = apply.isPending ? apply.variables?.id : decline.isPending ? decline.variables?.id : undefined;

  return (
    <section aria-labelledby="received-invitations" className="mb-8">
      <h2 id="received-invitations" className="mb-3 flex items-center gap-2 text-lg font-semibold tracking-tight">
        <Mail className="size-5 text-primary" aria-hidden="true" />
        {t('campaigns.invitations.title')}
        <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">
          {items.length}
          {invitations.hasNextPage ? '+' : ''}
        </span>
      </h2>
      <ul className="grid gap-3 lg:grid-cols-2">
        {items.map((invitation) => (
          <InvitationItem
            key={invitation.id}
            invitation={invitation}
            busy={busyId === invitation.id}
            applying={apply.isPending && apply.variables?.id === invitation.id}
            declining={decline.isPending && decline.variables?.id === invitation.id}
            onApply={() => apply.mutate(invitation)}
            onDecline={() => setDeclining(invitation)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        title={t('campaigns.invitations.declineConfirmTitle', { title: declining?.campaign.title ?? '' })}
        description={t('campaigns.invitations.declineConfirm')}
        confirmLabel={t('campaigns.invitations.declineButton')}
        destructive
        onConfirm={() => {
          if (declining) decline.mutate(declining);
          setDeclining(null);
        }}
      />
      {invitations.hasNextPage && (
        <div className="mt-3 flex justify-center">
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            onClick={() => void invitations.fetchNextPage()}
            loading={invitations.isFetchingNextPage}
          >
            {t('campaigns.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}

type InvitationItemProps = {
  invitation: ReceivedInvitation;
  busy: boolean;
  applying: boolean;
  declining: boolean;
  onApply: () => void;
  onDecline: () => void;
};

function InvitationItem({ invitation, busy, applying, declining, onApply, onDecline }: InvitationItemProps) {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const { campaign, client } = invitation;
  const clientName = fullName(client.name, client.lastname);
  const network = campaign.socials.find(isNetwork);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-primary/25 bg-card p-4 shadow-card sm:p-5">
      <div className="flex items-center gap-3">
        <Avatar src={client.avatarUrl} name={client.name} lastname={client.lastname} size="sm" />
        <p className="min-w-0 text-sm text-muted-foreground">{t('campaigns.invitations.from', { name: clientName })}</p>
      </div>
      <div className="grid gap-1">
        <h3 className="font-semibold break-words">
          <Link
            to={paths.campaign.href(campaign.id)}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {truncate(campaign.title, LIMITS.cardTitleTruncate)}
          </Link>
        </h3>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {network && (
            <span className="inline-flex items-center gap-1.5 text-muted-foreground">
              <PlatformIcon platform={network} className="size-4 text-primary" />
              {t(`platforms.${network}`)}
            </span>
          )}
          <span className="font-semibold tabular-nums">{gel(campaign.budgetMinor)}</span>
          {campaign.deadline && (
            <span className="text-muted-foreground">
              {t('campaigns.invitations.deadline', { date: dates.calendar(campaign.deadline) })}
            </span>
          )}
        </p>
      </div>
      {invitation.message && (
        <blockquote className="rounded-md border-l-4 border-primary/40 bg-muted px-3 py-2 text-sm break-words whitespace-pre-line">
          <span className="sr-only">{t('campaigns.invitations.message')} </span>
          {invitation.message}
        </blockquote>
      )}
      <div className="mt-auto grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          loading={declining}
          onClick={onDecline}
          aria-label={t('campaigns.invitations.declineTitle', { title: campaign.title })}
        >
          {t('campaigns.invitations.decline')}
        </Button>
        <Button
          size="sm"
          disabled={busy}
          loading={applying}
          onClick={onApply}
          aria-label={t('campaigns.invitations.applyTitle', { title: campaign.title })}
        >
          {t('campaigns.invitations.apply')}
        </Button>
      </div>
    </li>
  );
}
