import type { Stage } from '@app/shared/orders/order-machine';
import {
  Ban,
  CircleCheckBig,
  CircleDashed,
  CircleDot,
  CircleQuestionMark,
  Clock,
  type LucideIcon,
  PackageCheck,
  RotateCcw,
  Scale,
  Timer,
  Undo2,
  UserX,
} from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { useTranslation } from '@/lib/use-translation';

// Each stage has its own icon as well as its colour, so it reads without colour vision.
const LOOK: Record<Stage, { variant: BadgeProps['variant']; icon: LucideIcon }> = {
  open: { variant: 'default', icon: CircleDot },
  payment_pending: { variant: 'warning', icon: Clock },
  ready_to_start: { variant: 'secondary', icon: CircleDashed },
  in_progress: { variant: 'default', icon: Timer },
  changes_requested: { variant: 'warning', icon: Undo2 },
  in_review: { variant: 'success', icon: PackageCheck },
  disputed: { variant: 'warning', icon: Scale },
  approved: { variant: 'success', icon: CircleCheckBig },
  canceled: { variant: 'destructive', icon: Ban },
  refunded: { variant: 'secondary', icon: RotateCcw },
  not_selected: { variant: 'secondary', icon: UserX },
};

/**
 * Where a campaign or its order stands, in the one vocabulary every screen uses (the order machine's stage, spec §4's
 * tracker labels where it has them): the card, the detail badge, the tracker, Orders and the chat header agree.
 */
export function StageBadge({ stage, className }: { stage: Stage; className?: string }) {
  const { t } = useTranslation();
  const look = LOOK[stage];
  const Icon = look?.icon ?? CircleQuestionMark;
  return (
    <Badge variant={look?.variant ?? 'outline'} className={className}>
      <Icon aria-hidden="true" />
      {t(look ? `status.${stage}` : 'status.unknown')}
    </Badge>
  );
}
