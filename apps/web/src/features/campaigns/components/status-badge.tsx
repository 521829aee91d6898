import type { LucideIcon } from 'lucide-react';
import { Clock, UserCheck, UserX } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';

const APPLICATION_LOOK = {
  pending: { variant: 'warning', icon: Clock },
  accepted: { variant: 'success', icon: UserCheck },
  rejected: { variant: 'secondary', icon: UserX },
} as const satisfies Record<string, { variant: BadgeProps['variant']; icon: LucideIcon }>;

/** An application's answer (Pending, Hired, Not selected), with an icon so it reads without colour. */
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
