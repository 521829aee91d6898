import type { PaymentDto } from '@app/shared/payments/payment.schemas';
import { CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { isUndecided, usePayment } from '../api/use-payments';

/**
 * Back from the bank's page opened in full (the frame's fallback, `?payment=<id>` in the address): says that the bank
 * is deciding, asks our server until it knows, then reports a success once (`onSucceeded`) and leaves the address
 * clean. A failure stays on screen. Renders nothing without the parameter.
 */
export function PaymentReturn({
  succeeded,
  onSucceeded,
  failedTitle,
}: {
  succeeded: (p: PaymentDto) => boolean;
  onSucceeded: () => void;
  failedTitle?: string;
}) {
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('payment');
  if (!paymentId) return null;
  const settled = () => {
    onSucceeded();
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
  };
  return (
    <ReturnedPayment
      key={paymentId}
      paymentId={paymentId}
      succeeded={succeeded}
      onSucceeded={settled}
      failedTitle={failedTitle}
    />
  );
}

function ReturnedPayment({
  paymentId,
  succeeded,
  onSucceeded,
  failedTitle,
}: {
  paymentId: string;
  succeeded: (p: PaymentDto) => boolean;
  onSucceeded: () => void;
  failedTitle?: string;
}) {
  const { t } = useTranslation();
  const payment = usePayment(paymentId);
  const done = useRef(false);
  const data = payment.data;

  useEffect(() => {
    if (!data || done.current || isUndecided(data)) return;
    done.current = true;
    if (succeeded(data)) onSucceeded();
  }, [data, succeeded, onSucceeded]);

  if (payment.isError) return null; // not this person's, or gone: nothing to report
  if (!data || isUndecided(data)) {
    return (
      <div role="status" className="flex items-center gap-3 rounded-lg border border-border bg-card p-4 text-sm">
        <Spinner />
        <span>{t('payments.waitingForBank')}</span>
      </div>
    );
  }
  if (data.status !== 'failed') return null;
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive-soft p-4">
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid gap-1 text-sm">
        <p className="font-semibold">{failedTitle ?? t('payments.failedTitle')}</p>
        <p>{data.message}</p>
      </div>
    </div>
  );
}
