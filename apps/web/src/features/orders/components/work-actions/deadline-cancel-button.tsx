import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useTranslation } from '@/lib/use-translation';
import { useCancelAfterDeadline } from '../../api/cancel-agreement';
import type { Size } from './work-order';

/**
 * The client's way out once the campaign's deadline passed with no work submitted (issue 23 §2): one click, confirmed;
 * the whole hold goes back. Shown only when the server offers it (its date, the order's state).
 */
export function DeadlineCancelButton({ orderId, size }: { orderId: string; size: Size }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const cancel = useCancelAfterDeadline(orderId);
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <CalendarX aria-hidden="true" />
        {t('cancelAgreement.deadlineCancel')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !cancel.isPending && setOpen(next)}
        title={t('cancelAgreement.deadlineTitle')}
        description={t('cancelAgreement.deadlineConfirm')}
        confirmLabel={t('work.cancelButton')}
        cancelLabel={t('work.keepOrder')}
        destructive
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
      />
    </>
  );
}
