import { Scale } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyUntilOpen } from '@/components/ui/lazy-dialog';
import { useTranslation } from '@/lib/use-translation';

// The dialog and its form (Radix, react-hook-form) arrive when first opened or once the page is idle (issue 28 §2).
const OpenDisputeDialog = lazyUntilOpen(() => import('./open-dispute-dialog').then((m) => m.OpenDisputeDialog));

/**
 * Open a dispute (issue 23 §1): a reason from the short list and what happened. The server says who may and when (the
 * button is shown only when the order machine offers it).
 */
export function OpenDisputeButton({ orderId, size = 'default' }: { orderId: string; size?: 'sm' | 'default' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <Scale aria-hidden="true" />
        {t('disputes.open')}
      </Button>
      <OpenDisputeDialog orderId={orderId} open={open} onOpenChange={setOpen} />
    </>
  );
}
