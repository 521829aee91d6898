import type { OrderListItem } from '@app/shared/orders/order.schemas';
import {
  Ban,
  CircleCheck,
  CircleCheckBig,
  CircleDashed,
  Clock,
  CreditCard,
  type LucideIcon,
  PackageCheck,
  RotateCcw,
  Timer,
  Undo2,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';

type Look = { variant: BadgeProps['variant']; icon: LucideIcon };

// The payment and the work each get a badge with an icon and the spec's label, so neither relies on colour.
const PAYMENT: Record<OrderListItem['status'], Look & { label: string }> = {
  unpaid: { variant: 'warning', icon: Clock, label: 'status.unpaid' },
  paid: { variant: 'success', icon: CreditCard, label: 'status.paid' },
  canceled: { variant: 'destructive', icon: Ban, label: 'status.canceled' },
  refunded: { variant: 'secondary', icon: RotateCcw, label: 'status.refunded' },
};

const WORK: Record<OrderListItem['workStatus'], Look> = {
  not_started: { variant: 'secondary', icon: CircleDashed },
  in_progress: { variant: 'default', icon: Timer },
  completed: { variant: 'success', icon: CircleCheck },
  delivered: { variant: 'success', icon: PackageCheck },
};

export function PaymentStatusBadge({ status }: { status: OrderListItem['status'] }) {
  const { t } = useTranslation();
  const { variant, icon: Icon, label } = PAYMENT[status];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      <span className="sr-only">{t('orders.payment')}: </span>
      {t(label)}
    </Badge>
  );
}

export function WorkStatusBadge({ status }: { status: OrderListItem['workStatus'] }) {
  const { t } = useTranslation();
  const { variant, icon: Icon } = WORK[status];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      <span className="sr-only">{t('orders.work')}: </span>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The client's answer to delivered work; nothing is shown while it waits (null counts as pending, spec §4). */
export function ApprovalStatusBadge({ status }: { status: OrderListItem['approvalStatus'] }) {
  const { t } = useTranslation();
  if (status !== 'approved' && status !== 'rejected') return null;
  const Icon = status === 'approved' ? CircleCheckBig : Undo2;
  return (
    <Badge variant={status === 'approved' ? 'success' : 'warning'}>
      <Icon aria-hidden="true" />
      <span className="sr-only">{t('orders.approval')}: </span>
      {t(`status.approval.${status}`)}
    </Badge>
  );
}
