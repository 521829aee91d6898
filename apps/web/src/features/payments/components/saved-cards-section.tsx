import type { SavedCardDto } from '@app/shared/payments/payment.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { useDates } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { paymentKeys } from '../api/payment-keys';
import { startAddCard, useRemoveCard, useSavedCards } from '../api/use-payments';
import { CardLabel } from './card-label';
import { PaymentDialog } from './payment-dialog';
import { paymentLanguage } from './payment-language';
import { PaymentReturn } from './payment-return';

/**
 * Settings → Payment Methods for clients (spec §2, §7): saved cards newest first, Add through the bank's page (a
 * 1 GEL check the bank releases at once, so saving never charges), Remove after asking.
 */
export function SavedCardsSection() {
  const { t, i18n } = useTranslation();
  const cards = useSavedCards();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);

  const added = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.cards() });
    toast({ title: t('common.success'), description: t('payments.cards.added'), variant: 'success' });
  }, [queryClient, t]);

  return (
    <div className="grid gap-4">
      <PaymentReturn
        succeeded={(p) => p.status === 'held' || p.status === 'released'}
        onSucceeded={added}
        failedTitle={t('payments.cards.addFailedTitle')}
      />
      <Card>
        <CardContent className="flex items-start gap-3 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          <p>{t('payments.cards.safety')}</p>
        </CardContent>
      </Card>

      {cards.isPending ? (
        <div aria-busy="true" className="grid gap-3">
          <span role="status" className="sr-only">
            {t('payments.cards.loading')}
          </span>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : cards.isError ? (
        <ErrorState
          title={t('payments.cards.loadFailed')}
          description={cards.error.message}
          onRetry={() => void cards.refetch()}
          retrying={cards.isFetching}
        />
      ) : cards.data.length === 0 ? (
        <EmptyState
          icon={CreditCard}
          title={t('payments.cards.emptyTitle')}
          description={t('payments.cards.emptyDescription')}
        />
      ) : (
        <ul aria-label={t('payments.cards.listLabel')} className="grid gap-3">
          {cards.data.map((card) => (
            <SavedCardItem key={card.id} card={card} />
          ))}
        </ul>
      )}

      <Button onClick={() => setAdding(true)} className="justify-self-start">
        <Plus aria-hidden="true" />
        {t('payments.cards.add')}
      </Button>
      <PaymentDialog
        open={adding}
        onOpenChange={setAdding}
        title={t('payments.cards.addTitle')}
        description={t('payments.cards.addDescription')}
        failedTitle={t('payments.cards.addFailedTitle')}
        lang={paymentLanguage(i18n.language)}
        start={() => startAddCard(paymentLanguage(i18n.language))}
        // Saved once the bank holds the 1 GEL check; the hold may already be released by then.
        succeeded={(p) => p.status === 'held' || p.status === 'released'}
        onSucceeded={added}
      />
    </div>
  );
}

function SavedCardItem({ card }: { card: SavedCardDto }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveCard();
  return (
    <li className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 shadow-card">
      <div className="min-w-0 flex-1">
        <CardLabel card={card} />
        <p className="mt-0.5 text-xs text-muted-foreground">
          {t('payments.cards.expires', { date: card.cardExpiryDate })} ·{' '}
          {t('payments.cards.addedOn', { date: dates.day(card.createdAt) })}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => setConfirming(true)}
        aria-label={t('payments.cards.removeLabel', { card: `${card.cardType} ${card.cardLastFour}` })}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => !remove.isPending && setConfirming(next)}
        title={t('payments.cards.removeTitle')}
        description={t('payments.cards.removeConfirm', { card: `${card.cardType} •••• ${card.cardLastFour}` })}
        confirmLabel={t('payments.cards.removeButton')}
        destructive
        loading={remove.isPending}
        onConfirm={() => remove.mutate(card.id, { onSettled: () => setConfirming(false) })}
      />
    </li>
  );
}
