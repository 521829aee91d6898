import { Scale } from 'lucide-react';
import { useState } from 'react';
import { QueryList, RowLink } from '@/components/query-list';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { fullName, useGel } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useDisputeQueue } from '../api/use-disputes';
import { DisputeStatusBadge, useAge } from './dispute-status';

const FILTERS = ['open', 'closed', 'all'] as const;
type Filter = (typeof FILTERS)[number];

/** /admin/disputes: the queue, open first and oldest first, with how long each has waited. */
export function AdminDisputes() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Filter>('open');
  return (
    <>
      <PageHeader title={t('disputes.admin.title')} description={t('disputes.admin.subtitle')} />
      <Tabs value={status} onValueChange={(v) => setStatus(v as Filter)}>
        <TabsList aria-label={t('disputes.admin.filter')} className="mb-4">
          {FILTERS.map((f) => (
            <TabsTrigger key={f} value={f}>
              {t(`disputes.admin.filters.${f}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {FILTERS.map((f) => (
          <TabsContent key={f} value={f}>
            {status === f && <Queue status={f} />}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

function Queue({ status }: { status: Filter }) {
  const { t } = useTranslation();
  const gel = useGel();
  const queue = useDisputeQueue(status);
  const age = useAge();
  return (
    <QueryList
      query={queue}
      items={queue.data ?? []}
      label={t('disputes.admin.title')}
      loadFailed={t('disputes.admin.loadFailed')}
      empty={{ icon: Scale, title: t('disputes.admin.empty'), description: t('disputes.admin.emptyDescription') }}
      rowClassName="h-24"
    >
      {(d) => (
        <li key={d.id}>
          <RowLink to={paths.adminDispute.href(d.id)} className="gap-x-6">
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold break-words">{d.campaign.title}</span>
                <DisputeStatusBadge status={d.status} />
              </div>
              <span className="text-sm text-muted-foreground">
                {t(`disputes.reasons.${d.reason}`)} ·{' '}
                {t('disputes.admin.parties', {
                  client: fullName(d.client.name, d.client.lastname),
                  influencer: fullName(d.influencer.name, d.influencer.lastname),
                })}
              </span>
              {d.status === 'open' && (
                <span className="text-sm font-medium">{t('disputes.admin.age', { age: age(d.ageHours) })}</span>
              )}
            </div>
            <div className="grid text-right">
              <span className="text-xs text-muted-foreground">{t('disputes.admin.held')}</span>
              <span className="text-lg font-bold tabular-nums">{gel(d.amountMinor)}</span>
            </div>
          </RowLink>
        </li>
      )}
    </QueryList>
  );
}
