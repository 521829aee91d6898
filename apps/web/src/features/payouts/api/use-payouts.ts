import { routeUrl } from '@app/shared/common/route';
import type { IbanResponse } from '@app/shared/payouts/iban.schemas';
import { adminPayoutRoutes, payoutRoutes } from '@app/shared/payouts/payout.routes';
import type { PayoutBatchList } from '@app/shared/payouts/payout.schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { call } from '@/lib/api-client';
import { failureReason } from '@/lib/failure';
import { useTranslation } from '@/lib/use-translation';
import { payoutKeys } from './payout-keys';

export { payoutKeys };

/** The influencer's IBAN (null until saved). */
export function useIban(enabled = true) {
  return useQuery({
    queryKey: payoutKeys.iban(),
    queryFn: ({ signal }) => call(payoutRoutes.iban, { signal }),
    select: (d) => d.iban,
    enabled,
  });
}

/** Saves the IBAN: the server checks it again (the form's rule is the shared one); field errors come back. */
export function useSaveIban() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (iban: string) => call(payoutRoutes.saveIban, { body: { iban } }),
    onSuccess: (saved: IbanResponse) => {
      queryClient.setQueryData(payoutKeys.iban(), saved);
      void queryClient.invalidateQueries({ queryKey: payoutKeys.earnings() });
      toast({ title: t('common.success'), description: t('payouts.iban.saved'), variant: 'success' });
    },
  });
}

export function useEarnings() {
  return useQuery({
    queryKey: payoutKeys.earnings(),
    queryFn: ({ signal }) => call(payoutRoutes.earnings, { signal }),
  });
}

/** Admin: payout batches, newest first, a page at a time. */
export function usePayoutBatches() {
  return useInfiniteQuery({
    queryKey: payoutKeys.batches(),
    queryFn: ({ signal, pageParam }) =>
      call(adminPayoutRoutes.list, { query: { limit: 20, cursor: pageParam }, signal }),
    initialPageParam: '' as string,
    getNextPageParam: (last: PayoutBatchList) => last.nextCursor ?? undefined,
  });
}

export function usePayoutBatch(id: string | null) {
  return useQuery({
    queryKey: payoutKeys.batch(id ?? ''),
    queryFn: ({ signal }) => call(adminPayoutRoutes.detail, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

/** A batch's bank transfer file (CSV): the page links to it, the browser downloads it with the session cookie. */
export const transferFileUrl = (batchId: string) => routeUrl(adminPayoutRoutes.transferFile, { id: batchId });

export function useRunPayouts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(adminPayoutRoutes.run),
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.batches() });
      toast({
        title: r.batch ? t('payouts.admin.runDone') : t('payouts.admin.runEmpty'),
        description:
          [
            r.waitingForEmail > 0 ? t('payouts.admin.waitingForEmail', { count: r.waitingForEmail }) : '',
            r.waitingForIban > 0 ? t('payouts.admin.waitingForIban', { count: r.waitingForIban }) : '',
          ]
            .filter(Boolean)
            .join(' ') || undefined,
        variant: r.batch ? 'success' : 'default',
      });
    },
    onError: (error) =>
      toast({ title: t('payouts.admin.runFailed'), description: failureReason(error), variant: 'destructive' }),
  });
}

export function useMarkPaid(id: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(adminPayoutRoutes.markPaid, { params: { id } }),
    onSuccess: (detail) => {
      queryClient.setQueryData(payoutKeys.batch(id), detail);
      void queryClient.invalidateQueries({ queryKey: payoutKeys.batches() });
      toast({ title: t('common.success'), description: t('payouts.admin.markedPaid'), variant: 'success' });
    },
    onError: (error) =>
      toast({ title: t('payouts.admin.markFailed'), description: failureReason(error), variant: 'destructive' }),
  });
}
