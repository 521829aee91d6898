import type { PaymentDto } from '@app/shared/payments/payment.schemas';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/lazy-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';
import { startFailureMessage } from '../api/payment-failure';
import { isUndecided, usePayment, useStartPayment } from '../api/use-payments';
import { BankCardFrame } from './bank-card-frame';

type PaymentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Asks our server to start the payment (it asks the bank for the card page). */
  start: () => Promise<PaymentDto>;
  /** The bank's decision this flow waits for (a hold for Start & Pay; a saved card, whose hold is then released). */
  succeeded: (p: PaymentDto) => boolean;
  onSucceeded: (p: PaymentDto) => void;
  lang: 'en' | 'ka';
  /** The heading of a refusal: the spec's "Payment Failed" for a payment; adding a card says what failed there. */
  failedTitle?: string;
};

/**
 * One payment from start to the bank's decision: the card page in a frame while the customer has something to do
 * there, then "waiting for the bank" until our server has the bank's word (a callback, or a receipt it reads itself),
 * then success or the spec's message with Try again. Nothing here decides that money moved.
 */
export function PaymentDialog({ open, onOpenChange, ...rest }: PaymentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted while open only: each opening is a new attempt. */}
      {open && <PaymentFlow {...rest} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function PaymentFlow({
  title,
  description,
  start,
  succeeded,
  onSucceeded,
  lang,
  failedTitle,
  onClose,
}: Omit<PaymentDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const { t } = useTranslation();
  const starter = useStartPayment(start);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  // Once the bank's page says it is done, the callback has usually reached our server already: ask at once, then
  // every half second until the bank's word is in.
  const payment = usePayment(paymentId, submitted ? 500 : 2_000);
  const reported = useRef<string | null>(null);

  const begin = () => {
    setSubmitted(false);
    setPaymentId(null);
    starter.mutate(undefined, { onSuccess: (p) => setPaymentId(p.id) });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once per opening
  useEffect(begin, []);

  const current = payment.data;
  useEffect(() => {
    if (current && succeeded(current) && reported.current !== current.id) {
      reported.current = current.id;
      onSucceeded(current);
      onClose();
    }
  }, [current, succeeded, onSucceeded, onClose]);

  let body: ReactNode;
  if (starter.isError) {
    body = (
      <Problem
        title={failedTitle ?? t('payments.failedTitle')}
        message={startFailureMessage(starter.error, t)}
        onRetry={begin}
      />
    );
  } else if (!current || starter.isPending) {
    body = <Waiting label={t('payments.preparing')} />;
  } else if (current.status === 'failed') {
    body = (
      <Problem
        title={failedTitle ?? t('payments.failedTitle')}
        message={current.message ?? t('payments.tryAgain')}
        onRetry={begin}
      />
    );
  } else if (isUndecided(current) && current.redirectUrl && !submitted) {
    body = (
      <BankCardFrame
        redirectUrl={current.redirectUrl}
        lang={lang}
        onEvent={(e) => {
          if (e.event !== 'payment_complete') return;
          setSubmitted(true);
          void payment.refetch();
        }}
      />
    );
  } else {
    body = <Waiting label={t('payments.waitingForBank')} description={t('payments.waitingForBankHint')} />;
  }

  return (
    <DialogContent className="sm:max-w-xl" onInteractOutside={(e) => e.preventDefault()}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div aria-live="polite">{body}</div>
    </DialogContent>
  );
}

function Waiting({ label, description }: { label: string; description?: string }) {
  return (
    <div role="status" className="flex min-h-48 flex-col items-center justify-center gap-3 text-center">
      <Spinner />
      <p className="font-medium">{label}</p>
      {description && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
    </div>
  );
}

function Problem({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid gap-4 rounded-lg border border-destructive/30 bg-destructive-soft p-4">
      <div className="flex gap-3">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="text-sm font-semibold">{title}</p>
          <p className="text-sm">{message}</p>
        </div>
      </div>
      <Button onClick={onRetry} className="justify-self-start">
        {t('common.retry')}
      </Button>
    </div>
  );
}
