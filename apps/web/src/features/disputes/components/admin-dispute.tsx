import type { AdminDisputeDetail } from '@app/shared/disputes/dispute.schemas';
import { ArrowLeft, ExternalLink, MessageSquare } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { fullName, useDates, useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useAdminDispute } from '../api/use-disputes';
import { DisputeStatusBadge, useAge } from './dispute-status';
import { ResolveDisputeForm } from './resolve-dispute-form';

/** /admin/disputes/:id: the dispute, the order's evidence (proof, notes, feedback, chat) and the decision. */
export function AdminDispute({ id }: { id: string }) {
  const { t } = useTranslation();
  const dispute = useAdminDispute(id);
  return (
    <>
      <Link
        to={paths.adminDisputes.href()}
        className="mb-4 inline-flex min-h-11 items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('disputes.admin.back')}
      </Link>
      {dispute.isPending ? (
        <Skeleton className="h-64" />
      ) : dispute.isError ? (
        <ErrorState
          title={t('disputes.admin.detailFailed')}
          description={dispute.error.message}
          onRetry={() => void dispute.refetch()}
          retrying={dispute.isFetching}
        />
      ) : (
        <DisputeDetail d={dispute.data} />
      )}
    </>
  );
}

function DisputeDetail({ d }: { d: AdminDisputeDetail }) {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const age = useAge();
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
      <div className="grid gap-4">
        <PageHeader
          className="mb-0 sm:mb-0"
          title={d.campaign.title}
          description={t('disputes.admin.parties', {
            client: fullName(d.client.name, d.client.lastname),
            influencer: fullName(d.influencer.name, d.influencer.lastname),
          })}
        />
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <DisputeStatusBadge status={d.status} />
          <span className="font-semibold tabular-nums">
            {t('disputes.admin.held')}: {gel(d.amountMinor)}
          </span>
          {d.status === 'open' && (
            <span className="text-muted-foreground">{t('disputes.admin.age', { age: age(d.ageHours) })}</span>
          )}
        </div>
        <Card>
          <CardHeader>
            <CardTitle>{t(`disputes.reasons.${d.reason}`)}</CardTitle>
            <p className="text-sm text-muted-foreground">
              {t('disputes.admin.openedBy', {
                who: t(`disputes.by.${d.openedBy}`),
                date: dates.day(d.createdAt),
              })}
            </p>
          </CardHeader>
          <CardContent>
            <p className="break-words whitespace-pre-line">{d.description}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('disputes.admin.evidence')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 text-sm">
            <div className="grid gap-1">
              <h3 className="font-medium">{t('disputes.admin.proof')}</h3>
              {d.proofUrl ? (
                <a
                  href={d.proofUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 break-all text-primary underline underline-offset-2"
                >
                  {d.proofUrl}
                  <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
                </a>
              ) : (
                <p className="text-muted-foreground">{t('disputes.admin.noProof')}</p>
              )}
            </div>
            {d.completionNotes && (
              <div className="grid gap-1">
                <h3 className="font-medium">{t('disputes.admin.notes')}</h3>
                <p className="break-words whitespace-pre-line">{d.completionNotes}</p>
              </div>
            )}
            {d.approvalFeedback && (
              <div className="grid gap-1">
                <h3 className="font-medium">{t('disputes.admin.feedback')}</h3>
                <p className="break-words whitespace-pre-line">{d.approvalFeedback}</p>
              </div>
            )}
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {d.chatId && (
                <Link
                  to={paths.adminSupport.href()}
                  className="inline-flex min-h-11 items-center gap-1.5 text-primary underline underline-offset-2"
                >
                  <MessageSquare className="size-4" aria-hidden="true" />
                  {t('disputes.admin.openChat')}
                </Link>
              )}
              <Link
                to={paths.campaign.href(d.campaign.id)}
                className="inline-flex min-h-11 items-center gap-1.5 text-primary underline underline-offset-2"
              >
                {t('disputes.admin.openCampaign')}
              </Link>
            </div>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('disputes.admin.resolveTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          {d.status === 'open' ? (
            <ResolveDisputeForm orderId={d.orderId} amountMinor={d.amountMinor} />
          ) : (
            <Decided d={d} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Decided({ d }: { d: AdminDisputeDetail }) {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  if (d.status === 'withdrawn') {
    return <p className="text-sm text-muted-foreground">{t('disputes.admin.status.withdrawn')}</p>;
  }
  return (
    <div className="grid gap-2 text-sm">
      {d.resolution && <p className="font-semibold">{t(`disputes.admin.outcomes.${d.resolution}`)}</p>}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>{t('disputes.toInfluencer')}</dt>
        <dd className="text-right font-semibold tabular-nums">{gel(d.influencerAmountMinor ?? 0)}</dd>
        <dt>{t('disputes.backToClient')}</dt>
        <dd className="text-right font-semibold tabular-nums">{gel(d.clientAmountMinor ?? 0)}</dd>
      </dl>
      {d.decision && <p className="break-words whitespace-pre-line">{d.decision}</p>}
      {d.resolvedAt && (
        <p className="text-muted-foreground">{t('disputes.decidedOn', { date: dates.day(d.resolvedAt) })}</p>
      )}
    </div>
  );
}
