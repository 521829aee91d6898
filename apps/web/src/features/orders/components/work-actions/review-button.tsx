import { CircleCheckBig } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyUntilOpen } from '@/components/ui/lazy-dialog';
import { useTranslation } from '@/lib/use-translation';
import type { Place, WorkOrder } from './work-order';

// The dialog and its form (Radix, react-hook-form) arrive when first opened or once the page is idle (issue 28 §2).
const ReviewDialog = lazyUntilOpen(() => import('./review-dialog').then((m) => m.ReviewDialog));

/** Spec §2 Review & Approve: opens the review of the submitted work (./review-dialog.tsx). */
export function ReviewButton({ order, place }: { order: WorkOrder; place: Place }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={place === 'chat' ? 'sm' : 'default'} onClick={() => setOpen(true)}>
        <CircleCheckBig aria-hidden="true" />
        {t('work.review')}
      </Button>
      <ReviewDialog order={order} place={place} open={open} onOpenChange={setOpen} />
    </>
  );
}
