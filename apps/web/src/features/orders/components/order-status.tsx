import type { MoneyStage } from '@app/shared/orders/order-machine';
import { Ban, Banknote, Clock, Lock, type LucideIcon, RotateCcw, Wallet } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { useTranslation } from '@/lib/use-translation';

type Look = { variant: BadgeProps['variant']; icon: LucideIcon };

// Where the influencer's money is, with an icon so it does not rely on colour, in the words of the order machine's
// moneyStage (the chat says "held until approved", Earnings "Pending payout" / "Paid out"); the work's stage is the
// shared StageBadge.
const MONEY: Record<MoneyStage, Look & { label: string }> = {
  unpaid: { variant: 'warning', icon: Clock, label: 'money.unpaid' },
  held: { variant: 'secondary', icon: Lock, label: 'money.held' },
  pending_payout: { variant: 'default', icon: Wallet, label: 'money.pending_payout' },
  paid_out: { variant: 'success', icon: Banknote, label: 'money.paid_out' },
  canceled: { variant: 'destructive', icon: Ban, label: 'status.canceled' },
  refunded: { variant: 'secondary', icon: RotateCcw, label: 'status.refunded' },
};

export function PaymentStatusBadge({ money }: { money: MoneyStage }) {
  const { t } = useTranslation();
  const { variant, icon: Icon, label } = MONEY[money];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      <span className="sr-only">{t('orders.payment')}: </span>
      {t(label)}
    </Badge>
  );
}
