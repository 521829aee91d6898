import { Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';
import { useStartWork } from '../../api/order-mutations';
import type { Size } from './work-order';

export function StartWorkButton({ orderId, size }: { orderId: string; size: Size }) {
  const { t } = useTranslation();
  const start = useStartWork(orderId);
  return (
    <Button size={size} onClick={() => start.mutate()} loading={start.isPending}>
      <Play aria-hidden="true" />
      {t('work.start')}
    </Button>
  );
}
