import { RATING_LABELS } from '@app/shared/orders/order.constants';
import type { RateInput } from '@app/shared/orders/order.schemas';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/lazy-dialog';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { useRateOrder } from '../../api/order-mutations';
import type { Size } from './work-order';

/** Spec §5 rating: 1-5 stars labelled Poor … Excellent, an optional comment. */
export function RateButton({ orderId, counterpart, size }: { orderId: string; counterpart: string; size: Size }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rate = useRateOrder(orderId);
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The shared rule, loaded with the first rating rather than with the page (issue 28 §2).
  const send = () =>
    void import('@app/shared/orders/order.schemas').then(
      ({ rateInput }) => {
        const parsed = rateInput.safeParse({ rating: stars, comment } satisfies RateInput);
        if (!parsed.success) {
          setError(parsed.error.issues[0]!.message);
          return;
        }
        rate.mutate({ rating: stars, comment }, { onSuccess: () => setOpen(false) });
      },
      () => setError(t('errors.network')),
    );
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <Star aria-hidden="true" />
        {t('work.rate', { name: counterpart })}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !rate.isPending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('work.rateTitle', { name: counterpart })}</DialogTitle>
            <DialogDescription>{t('work.rateDescription')}</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('work.stars')}</legend>
            <div className="flex flex-wrap gap-1">
              {RATING_LABELS.map((label, i) => {
                const value = i + 1;
                return (
                  <label
                    key={label}
                    className="relative rounded-md p-1.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                  >
                    <input
                      type="radio"
                      name="rating-stars"
                      value={value}
                      checked={stars === value}
                      aria-label={`${value} – ${label}`}
                      onChange={() => {
                        setStars(value);
                        setError(null);
                      }}
                      className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                    />
                    <Star
                      aria-hidden="true"
                      className={cn('size-8', value <= stars ? 'fill-warning text-warning' : 'text-muted-foreground')}
                    />
                  </label>
                );
              })}
            </div>
            <p className="text-sm font-medium" aria-live="polite">
              {stars > 0 ? RATING_LABELS[stars - 1] : t('work.chooseStars')}
            </p>
            {error && <p className="text-sm text-destructive">{error}</p>}
          </fieldset>
          <Field label={t('work.comment')} labelSuffix={t('common.optional')}>
            {(p) => <Textarea {...p} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={rate.isPending}>
              {t('common.cancel')}
            </Button>
            <Button onClick={send} loading={rate.isPending}>
              {t('work.sendRating')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
