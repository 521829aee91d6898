import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useTranslation } from '@/lib/use-translation';
import { useCancelOrder } from '../../api/order-mutations';
import type { Size } from './work-order';

export function CancelButton({ orderId, size }: { orderId: string; size: Size }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(orderId);
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        {t('work.cancel')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !cancel.isPending && setOpen(next)}
        title={t('work.cancelTitle')}
        description={t('work.cancelConfirm')}
        confirmLabel={t('work.cancelButton')}
        // "Cancel" beside "Cancel order" read as two ways to cancel (issue 27).
        cancelLabel={t('work.keepOrder')}
        destructive
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
      />
    </>
  );
}
