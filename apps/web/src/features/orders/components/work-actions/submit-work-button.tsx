import type { SubmitWorkInput } from '@app/shared/orders/order.schemas';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyUntilOpen } from '@/components/ui/lazy-dialog';
import { useTranslation } from '@/lib/use-translation';
import type { Size } from './work-order';

// The dialog and its form (Radix, react-hook-form) arrive when first opened or once the page is idle (issue 28 §2).
const SubmitWorkDialog = lazyUntilOpen(() => import('./submit-work-dialog').then((m) => m.SubmitWorkDialog));

export function SubmitWorkButton({
  orderId,
  again,
  size,
  previous,
}: {
  orderId: string;
  again: boolean;
  size: Size;
  /** The proof handed over last time: submitting again after changes starts from it, not from empty boxes. */
  previous: SubmitWorkInput;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        <Send aria-hidden="true" />
        {again ? t('work.submitAgain') : t('work.submit')}
      </Button>
      <SubmitWorkDialog
        orderId={orderId}
        open={open}
        onOpenChange={setOpen}
        start={again ? previous : { proofUrl: '', completionNotes: '' }}
      />
    </>
  );
}
