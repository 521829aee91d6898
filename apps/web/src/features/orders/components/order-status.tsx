import type { OrderListItem } from '@app/shared/orders/order.schemas';
import { Ban, Clock, CreditCard, type LucideIcon, RotateCcw, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';

type Look = { variant: BadgeProps['variant']; icon: LucideIcon };

// The payment gets a badge with an icon and the spec's label, so it does not rely on colour; the work's stage is
// the shared StageBadge.
const PAYMENT: Record<OrderListItem['status'], Look & { label: string }> = {
  unpaid: { variant: 'warning', icon: Clock, label: 'status.unpaid' },
  paid: { variant: 'success', icon: CreditCard, label: 'status.paid' },
  disputed: { variant: 'warning', icon: Scale, label: 'status.disputed' },
  canceled: { variant: 'destructive', icon: Ban, label: 'status.canceled' },
  refunded: { variant: 'secondary', icon: RotateCcw, label: 'status.refunded' },
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
