import type { DisplayStatus } from '@app/shared/campaigns/campaign.schemas';
import type { TrackerLabelKey } from '@app/shared/campaigns/campaign-status';
import {
  Ban,
  CircleCheck,
  CircleCheckBig,
  CircleDashed,
  CircleDot,
  CircleQuestionMark,
  Clock,
  CreditCard,
  type LucideIcon,
  PackageCheck,
  Timer,
  UserCheck,
  UserX,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

export type StatusKey = DisplayStatus | TrackerLabelKey;

// Each status has its own icon as well as its colour, so it reads without colour vision.
const LOOK: Record<StatusKey, { variant: BadgeProps['variant']; icon: LucideIcon }> = {
  open: { variant: 'default', icon: CircleDot },
  unpaid: { variant: 'warning', icon: Clock },
  paid: { variant: 'success', icon: CreditCard },
  not_started: { variant: 'secondary', icon: CircleDashed },
  in_progress: { variant: 'default', icon: Timer },
  completed: { variant: 'success', icon: CircleCheck },
  delivered: { variant: 'success', icon: PackageCheck },
  done: { variant: 'success', icon: CircleCheckBig },
  canceled: { variant: 'destructive', icon: Ban },
  unknown: { variant: 'outline', icon: CircleQuestionMark },
};

/** A campaign's or order's state with the spec's label (spec §4 tracker labels). */
export function StatusBadge({ status, className }: { status: StatusKey; className?: string }) {
  const { t } = useTranslation();
  const look = LOOK[status] ?? LOOK.unknown;
  const Icon = look.icon;
  return (
    <Badge variant={look.variant} className={className}>
      <Icon aria-hidden="true" />
      {t(`status.${status in LOOK ? status : 'unknown'}`)}
    </Badge>
  );
}

const APPLICATION_LOOK = {
  pending: { variant: 'warning', icon: Clock },
  accepted: { variant: 'success', icon: UserCheck },
  rejected: { variant: 'secondary', icon: UserX },
} as const satisfies Record<string, { variant: BadgeProps['variant']; icon: LucideIcon }>;

export function ApplicationStatusBadge({
  status,
  className,
}: {
  status: keyof typeof APPLICATION_LOOK;
  className?: string;
}) {
  const { t } = useTranslation();
  const { variant, icon: Icon } = APPLICATION_LOOK[status];
  return (
    <Badge variant={variant} className={cn(className)}>
      <Icon aria-hidden="true" />
      {t(`status.application.${status}`)}
    </Badge>
  );
}
