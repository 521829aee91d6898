import { adminRoutes } from '@app/shared/admin/admin.routes';
import type { AdminOrdersQuery, PeopleQuery } from '@app/shared/admin/admin.schemas';
import { orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { paymentRoutes } from '@app/shared/payments/payment.routes';
import type { SocialPlatform } from '@app/shared/social/social.schemas';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { call } from '@/lib/api-client';
import { useTranslation } from '@/lib/use-translation';

type PeopleFilter = Omit<PeopleQuery, 'cursor' | 'limit'>;
type OrdersFilter = Omit<AdminOrdersQuery, 'cursor' | 'limit'>;

export const adminKeys = {
  all: ['admin'] as const,
  people: (f: PeopleFilter) => [...adminKeys.all, 'people', f] as const,
  person: (id: string) => [...adminKeys.all, 'person', id] as const,
  orders: (f: OrdersFilter) => [...adminKeys.all, 'orders', f] as const,
  order: (id: string) => [...adminKeys.all, 'order', id] as const,
  money: () => [...adminKeys.all, 'money'] as const,
  reconciliation: () => [...adminKeys.all, 'reconciliation'] as const,
};

const PAGE = 20;

export function usePeople(filter: PeopleFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.people(filter),
    queryFn: ({ signal, pageParam }) =>
      call(adminRoutes.people, { query: { ...filter, limit: PAGE, cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function usePerson(id: string) {
  return useQuery({
    queryKey: adminKeys.person(id),
    queryFn: ({ signal }) => call(adminRoutes.person, { params: { id }, signal }),
  });
}

export function useAdminOrders(filter: OrdersFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.orders(filter),
    queryFn: ({ signal, pageParam }) =>
      call(adminRoutes.orders, { query: { ...filter, limit: PAGE, cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: adminKeys.order(id),
    queryFn: ({ signal }) => call(adminRoutes.order, { params: { id }, signal }),
  });
}

export function useMoney() {
  return useQuery({
    queryKey: adminKeys.money(),
    queryFn: ({ signal }) => call(adminRoutes.money, { query: { months: 12 }, signal }),
  });
}

/** Reads every bank receipt it checks: asked for on the Money screen's button, not on load. */
export function useReconciliation(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.reconciliation(),
    queryFn: ({ signal }) => call(paymentRoutes.reconciliation, { query: { limit: 200 }, signal }),
    enabled,
  });
}

export type PersonAction = 'deactivate' | 'reactivate' | 'resendVerification' | 'unlockSignIn' | 'resetSocial';

/** A person-level action with its reason; the person's page (and the lists) are read again after it. */
export function usePersonAction(id: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: { action: PersonAction; reason: string; platform?: SocialPlatform }) =>
      a.action === 'resetSocial'
        ? call(adminRoutes.resetSocial, { params: { id }, body: { reason: a.reason, platform: a.platform! } })
        : call(adminRoutes[a.action], { params: { id }, body: { reason: a.reason } }),
    onSuccess: (_, a) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      toast({ title: t('common.success'), description: t(`admin.person.done.${a.action}`), variant: 'success' });
    },
  });
}

export type OrderAction = 'cancel' | 'refund';

/** An order action through the order machine (cancel, refund), with the reason its history keeps. */
export function useOrderAction(id: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: { action: OrderAction; reason: string; amountMinor?: number }) =>
      a.action === 'cancel'
        ? call(adminRoutes.cancelOrder, { params: { id }, body: { reason: a.reason } })
        : call(orderTransitionRoutes.refund, {
            params: { id },
            body: { reason: a.reason, amountMinor: a.amountMinor },
          }),
    onSuccess: (_, a) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      toast({ title: t('common.success'), description: t(`admin.order.done.${a.action}`), variant: 'success' });
    },
  });
}
