import type { DisputeDto } from '@app/shared/disputes/dispute.schemas';
import { CircleCheckBig, Scale, Undo2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useTranslation } from '@/lib/use-translation';

/** A dispute's status with an icon, so it reads without colour. */
export function DisputeStatusBadge({ status }: { status: DisputeDto['status'] }) {
  const { t } = useTranslation();
  const Icon = status === 'open' ? Scale : status === 'resolved' ? CircleCheckBig : Undo2;
  return (
    <Badge variant={status === 'open' ? 'warning' : status === 'resolved' ? 'success' : 'secondary'}>
      <Icon aria-hidden="true" />
      {t(`disputes.admin.status.${status}`)}
    </Badge>
  );
}

/** "3 days" / "5 hours": how long a dispute has waited. */
export function useAge() {
  const { t } = useTranslation();
  return (hours: number) =>
    hours >= 24
      ? t('disputes.admin.ageDays', { count: Math.floor(hours / 24) })
      : t('disputes.admin.ageHours', { count: hours });
}
