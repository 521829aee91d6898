import type { AdminOrderDetail } from '@app/shared/admin/admin.schemas';
import type { ProofCheckDto } from '@app/shared/social/proof-link';
import { ArrowLeft, Ban, MessageCircle, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { StageBadge } from '@/components/stage-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDates, useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { type OrderAction, useAdminOrder, useOrderAction } from '../api/use-admin';
import { Fact } from './admin-shell';
import { Empty, Section } from './person-page';
import { ReasonDialog } from './reason-dialog';

/** What the orders feature draws for a proof check; the route module passes it in (a feature never reaches into another). */
export type ProofCheckSlot = (check: ProofCheckDto) => ReactNode;

/** /admin/orders/:id */
export function OrderPage({ id, proofCheck }: { id: string; proofCheck: ProofCheckSlot }) {
  const { t } = useTranslation();
  const order = useAdminOrder(id);
  return (
    <>
      <Link
        to={paths.adminOrders.href()}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('admin.orders.title')}
      </Link>
      {order.isPending ? (
        <Skeleton className="h-64" />
      ) : order.isError ? (
        <ErrorState
          title={t('admin.order.loadFailed')}
          description={order.error.message}
          onRetry={() => void order.refetch()}
          retrying={order.isFetching}
        />
      ) : (
        <OrderDetail order={order.data} proofCheck={proofCheck} />
      )}
    </>
  );
}

/** Whole GEL with up to two decimals, as typed, in tetri; null when it is not an amount. */
function tetri(typed: string): number | null {
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

function OrderDetail({ order: o, proofCheck }: { order: AdminOrderDetail; proofCheck: ProofCheckSlot }) {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const act = useOrderAction(o.id);
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const when = (iso: string) => `${dates.day(iso)} ${dates.clock(iso)}`;
  const ask = (a: OrderAction) => {
    act.reset();
    setAmount('');
    setAmountError(null);
    setAsking(a);
  };
  const confirm = (reason: string) => {
    if (!asking) return;
    let amountMinor: number | undefined;
    if (asking === 'refund' && amount.trim()) {
      const v = tetri(amount);
      if (v === null || v <= 0 || v > o.amountMinor) {
        setAmountError(t('admin.order.amountInvalid', { max: gel(o.amountMinor) }));
        return;
      }
      amountMinor = v;
    }
    setAmountError(null);
    act.mutate({ action: asking, reason, amountMinor }, { onSuccess: () => setAsking(null) });
  };

  return (
    <>
      <PageHeader
        title={o.campaign.title}
        description={t('admin.order.between', { client: o.client.name, influencer: o.influencer.name })}
        eyebrow={<StageBadge stage={o.stage} />}
      />
      <div className="mb-4 flex flex-wrap gap-2">
        {o.actions.includes('refund') && (
          <Button variant="destructive" onClick={() => ask('refund')}>
            <RotateCcw aria-hidden="true" />
            {t('admin.order.actions.refund')}
          </Button>
        )}
        {o.actions.includes('cancel') && (
          <Button variant="destructive" onClick={() => ask('cancel')}>
            <Ban aria-hidden="true" />
            {t('admin.order.actions.cancel')}
          </Button>
        )}
        {o.chatId && (
          <Button asChild variant="outline">
            <Link to={paths.chat.href(o.chatId)}>
              <MessageCircle aria-hidden="true" />
              {t('admin.order.openChat')}
            </Link>
          </Button>
        )}
      </div>
      <ReasonDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? t(`admin.order.confirm.${asking}.title`) : ''}
        description={asking ? t(`admin.order.confirm.${asking}.description`, { amount: gel(o.amountMinor) }) : ''}
        confirmLabel={asking ? t(`admin.order.actions.${asking}`) : ''}
        destructive
        loading={act.isPending}
        error={act.error}
        onConfirm={confirm}
      >
        {asking === 'refund' && (
          <Field
            label={t('admin.order.refundAmount')}
            labelSuffix={t('admin.order.optional')}
            hint={t('admin.order.refundAmountHint', { max: gel(o.amountMinor) })}
            error={amountError ?? undefined}
          >
            {(control) => (
              <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
            )}
          </Field>
        )}
      </ReasonDialog>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t('admin.order.summary')}>
          <dl className="grid grid-cols-2 gap-3">
            <Fact label={t('admin.order.amount')}>{gel(o.amountMinor)}</Fact>
            <Fact label={t('admin.order.created')}>{when(o.createdAt)}</Fact>
            <Fact label={t('admin.order.client')}>
              <Link to={paths.adminPerson.href(o.client.userId)} className="text-primary hover:underline">
                {o.client.name}
              </Link>
            </Fact>
            <Fact label={t('admin.order.influencer')}>
              <Link to={paths.adminPerson.href(o.influencer.userId)} className="text-primary hover:underline">
                {o.influencer.name}
              </Link>
            </Fact>
            <Fact label={t('admin.order.campaign')}>
              <Link to={paths.campaign.href(o.campaign.id)} className="text-primary hover:underline">
                {o.campaign.title}
              </Link>
            </Fact>
            {o.reviewDeadlineAt && <Fact label={t('admin.order.reviewDeadline')}>{when(o.reviewDeadlineAt)}</Fact>}
            {o.proofUrl && (
              <Fact label={t('admin.order.proof')}>
                <a href={o.proofUrl} target="_blank" rel="noreferrer noopener" className="text-primary hover:underline">
                  {o.proofUrl}
                </a>
              </Fact>
            )}
            {o.completionNotes && <Fact label={t('admin.order.notes')}>{o.completionNotes}</Fact>}
          </dl>
          {/* What the platform said of the proof link (decision 039): what the brand saw when they reviewed it. */}
          {o.proofCheck && <div className="mt-3">{proofCheck(o.proofCheck)}</div>}
        </Section>

        <Section title={t('admin.order.history')}>
          {o.history.length === 0 ? (
            <Empty>{t('admin.order.noHistory')}</Empty>
          ) : (
            <ol className="grid gap-3" aria-label={t('admin.order.history')}>
              {o.history.map((h) => (
                <li key={h.id} className="grid gap-0.5 border-l-2 border-border pl-3 text-sm">
                  <span className="font-medium">
                    {t(`admin.order.transitions.${h.transition}`, { defaultValue: h.transition })}
                  </span>
                  <span className="text-muted-foreground">
                    {t(`status.${h.fromStage}`)} → {t(`status.${h.toStage}`)}
                  </span>
                  {h.reason && <span className="text-muted-foreground">“{h.reason}”</span>}
                  <span className="text-xs text-muted-foreground">
                    {h.actor
                      ? t('admin.order.byPerson', {
                          name: h.actor.name,
                          role: t(`admin.roles.${h.actorRole}`, { defaultValue: h.actorRole }),
                        })
                      : t('admin.order.bySystem')}{' '}
                    · {when(h.createdAt)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Section>

        <Section title={t('admin.order.payments')}>
          {o.payments.length === 0 ? (
            <Empty>{t('admin.order.noPayments')}</Empty>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {o.payments.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {t(`admin.paymentKinds.${p.kind}`, { defaultValue: p.kind })} · {when(p.createdAt)}
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="tabular-nums">{gel(p.amountMinor)}</span>
                    <Badge variant="outline">{p.status}</Badge>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title={t('admin.order.ledger')}>
          {o.ledger.length === 0 ? (
            <Empty>{t('admin.order.noLedger')}</Empty>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">{t('admin.order.ledger')}</caption>
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 font-medium">
                    {t('admin.order.entry')}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t('admin.order.when')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('admin.order.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {o.ledger.map((l) => (
                  <tr key={l.id} className="border-t border-border">
                    <td className="py-1.5 pr-2">{t(`admin.ledgerKinds.${l.kind}`, { defaultValue: l.kind })}</td>
                    <td className="py-1.5 pr-2 text-muted-foreground">{when(l.createdAt)}</td>
                    <td className="py-1.5 text-right tabular-nums">{gel(l.amountMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>

        <Section title={t('admin.order.receipt')} className="lg:col-span-2">
          {!o.receipt ? (
            <Empty>{t('admin.order.noReceipt')}</Empty>
          ) : (
            <>
              <p className="mb-2 text-sm">
                {t('admin.order.receiptFrom', {
                  source: t(`admin.order.receiptSource.${o.receipt.source}`, { defaultValue: o.receipt.source }),
                  status: o.receipt.providerStatus ?? '—',
                  when: when(o.receipt.receivedAt),
                })}
              </p>
              {/* The bank's whole answer, for the rare case the summary above does not say enough. */}
              <details className="text-sm">
                <summary className="cursor-pointer font-medium text-primary focus-visible:outline-2 focus-visible:outline-ring">
                  {t('admin.order.rawReceipt')}
                </summary>
                <pre className="whitespace-pre-wrap break-all mt-2 rounded-lg bg-muted p-3 text-xs">
                  {JSON.stringify(o.receipt.body, null, 2)}
                </pre>
              </details>
            </>
          )}
        </Section>
      </div>
    </>
  );
}
