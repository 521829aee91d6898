import { UNDECIDED_PAYMENT_STATUSES } from '@app/shared/payments/payment.constants';
import { paymentRoutes } from '@app/shared/payments/payment.routes';
import type { PaymentDto, StartPaymentInput } from '@app/shared/payments/payment.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { call } from '@/lib/api-client';
import { failureReason } from '@/lib/failure';
import { useTranslation } from '@/lib/use-translation';
import { savedCardRefused, startFailureMessage } from './payment-failure';
import { paymentKeys } from './payment-keys';

export const isUndecided = (p: Pick<PaymentDto, 'status'>) =>
  (UNDECIDED_PAYMENT_STATUSES as readonly string[]).includes(p.status);

/** The client's saved cards, newest first (spec §7). */
export function useSavedCards(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.cards(),
    queryFn: ({ signal }) => call(paymentRoutes.cards, { signal }),
    select: (data) => data.items,
    enabled,
  });
}

/**
 * One payment as our server sees it (the bank's word, not the browser's). While the bank is deciding it is asked
 * again every `intervalMs`; the server itself asks the bank when a callback is late.
 */
export function usePayment(id: string | null, intervalMs = 2_000) {
  return useQuery({
    queryKey: paymentKeys.payment(id ?? ''),
    queryFn: ({ signal }) => call(paymentRoutes.get, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && !isUndecided(query.state.data) ? false : intervalMs),
    refetchIntervalInBackground: true,
  });
}

/** Starts a payment (Start & Pay or Add card); the dialog then follows it with usePayment. */
export function useStartPayment(start: () => Promise<PaymentDto>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: (payment) => queryClient.setQueryData(paymentKeys.payment(payment.id), payment),
    onError: (error) => {
      // The server has deactivated a card the bank no longer takes: every list of cards shows it gone.
      if (savedCardRefused(error)) void queryClient.invalidateQueries({ queryKey: paymentKeys.cards() });
      toast({
        title: t('payments.failedTitle'),
        description: startFailureMessage(error, t),
        variant: 'destructive',
      });
    },
  });
}

export const startOrderPayment = (orderId: string, body: StartPaymentInput) =>
  call(paymentRoutes.startOrderPayment, { params: { id: orderId }, body });

export const startAddCard = (lang: 'en' | 'ka') => call(paymentRoutes.addCard, { body: { lang } });

export function useRemoveCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(paymentRoutes.removeCard, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.cards() });
      toast({ title: t('common.success'), description: t('payments.cards.removed'), variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: t('payments.cards.removeFailed'),
        description: failureReason(error),
        variant: 'destructive',
      }),
  });
}
