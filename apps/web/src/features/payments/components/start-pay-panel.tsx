import { minorToInput, parseGelToMinor } from '@app/shared/format/format';
import { PAYMENT_MESSAGES } from '@app/shared/payments/payment.constants';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, ShieldCheck } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { startOrderPayment, useSavedCards } from '../api/use-payments';
import { CardLabel } from './card-label';
import { PaymentDialog } from './payment-dialog';
import { paymentLanguage } from './payment-language';
import { PaymentReturn } from './payment-return';

type StartPayPanelProps = {
  orderId: string;
  /** What the order asks for now (the campaign budget, or the amount of an earlier attempt). */
  amountMinor: number;
  /** Called once the bank has confirmed the hold: the screen reloads the order. */
  onPaid: () => void;
  /** Told when the bank's dialog opens and closes: the screen keeps this panel while it is open (see OrderActions). */
  onPayingChange?: (paying: boolean) => void;
};

const NEW_CARD = 'new';

/**
 * Spec §2 Start & Pay (client, order unpaid): the amount editable inline (Enter saves, Escape resets), a saved card
 * or a new card on the bank's page, and a hold (not a charge) until the client approves the work.
 */
export function StartPayPanel({ orderId, amountMinor, onPaid, onPayingChange }: StartPayPanelProps) {
  const { t, i18n } = useTranslation();
  const gel = useGel();
  const queryClient = useQueryClient();
  const cards = useSavedCards();
  const [amount, setAmount] = useState(amountMinor);
  const [choice, setChoice] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const lang = paymentLanguage(i18n.language);

  // The first saved card is the default; a new card when there is none.
  const selected = choice ?? (cards.data && cards.data.length > 0 ? cards.data[0]!.id : NEW_CARD);
  useEffect(() => setAmount(amountMinor), [amountMinor]);
  useEffect(() => onPayingChange?.(paying), [paying, onPayingChange]);

  const paid = useCallback(() => {
    toast({ title: t('payments.paid'), description: t('payments.paidDescription'), variant: 'success' });
    onPaid();
    void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
  }, [t, onPaid, queryClient]);

  return (
    <div className="grid gap-5">
      <PaymentReturn succeeded={(p) => p.status === 'held' || p.status === 'captured'} onSucceeded={paid} />
      <AmountEditor value={amount} onChange={setAmount} />

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('payments.chooseCard')}</legend>
        {cards.isPending ? (
          <Skeleton className="h-12" />
        ) : (
          <>
            {cards.isError && <p className="text-sm text-destructive">{t('payments.cards.loadFailed')}</p>}
            {cards.data?.map((card) => (
              <CardOption key={card.id} value={card.id} selected={selected} onSelect={setChoice}>
                <CardLabel card={card} />
                <span className="text-xs text-muted-foreground">
                  {t('payments.cards.expires', { date: card.cardExpiryDate })}
                </span>
              </CardOption>
            ))}
            {cards.data?.length === 0 && (
              <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">
                {/* The spec's "add a payment method in Settings first" stood right above "A new card": paying
                    with a new card here is the first step, saving one in Settings is for next time (issue 27). */}
                {t('payments.noSavedCards')}{' '}
                <Link
                  to={paths.settings.href('payment')}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('payments.openPaymentMethods')}
                </Link>
              </p>
            )}
            <CardOption value={NEW_CARD} selected={selected} onSelect={setChoice}>
              <span className="font-medium">{t('payments.newCard')}</span>
              <span className="text-xs text-muted-foreground">{t('payments.newCardHint')}</span>
            </CardOption>
          </>
        )}
      </fieldset>

      <p className="flex gap-2 text-xs text-muted-foreground">
        <ShieldCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
        {t('payments.holdExplained')}
      </p>
      <Button size="lg" disabled={amount <= 0 || cards.isPending} onClick={() => setPaying(true)}>
        {t('payments.startAndPay', { amount: gel(amount) })}
      </Button>
      <PaymentDialog
        open={paying}
        onOpenChange={setPaying}
        title={t('payments.dialogTitle', { amount: gel(amount) })}
        description={t('payments.dialogDescription')}
        lang={lang}
        start={() =>
          startOrderPayment(orderId, {
            amountMinor: amount,
            lang,
            ...(selected !== NEW_CARD ? { savedCardId: selected } : {}),
          })
        }
        succeeded={(p) => p.status === 'held' || p.status === 'captured'}
        onSucceeded={paid}
      />
    </div>
  );
}

function CardOption({
  value,
  selected,
  onSelect,
  children,
}: {
  value: string;
  selected: string;
  onSelect: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  const checked = value === selected;
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-primary-soft' : 'border-border hover:bg-muted',
      )}
    >
      <input
        id={id}
        type="radio"
        name="payment-card"
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="size-4 accent-primary"
      />
      <span className="grid gap-0.5">{children}</span>
    </label>
  );
}

/** The amount to hold, editable in place: Enter saves (1 GEL at least, tetri at most), Escape puts it back. */
function AmountEditor({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  const { t } = useTranslation();
  const gel = useGel();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(minorToInput(value));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const inputId = useId();

  const reset = () => {
    setText(minorToInput(value));
    setError(null);
    setEditing(false);
  };
  // The server's rule for the amount (amountMinorField), loaded with the first edit rather than with the page.
  const save = () => {
    const minor = parseGelToMinor(text);
    if (minor === null) {
      setError(PAYMENT_MESSAGES.amountStep);
      return;
    }
    void import('@app/shared/payments/payment.schemas').then(
      ({ amountMinorField }) => {
        const checked = amountMinorField.safeParse(minor);
        if (!checked.success) {
          setError(checked.error.issues[0]!.message);
          return;
        }
        onChange(checked.data);
        setError(null);
        setEditing(false);
      },
      () => setError(t('errors.network')),
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      reset();
    }
  };

  if (!editing) {
    return (
      <div className="flex items-center justify-between gap-3">
        <div>
          <p className="text-xs text-muted-foreground">{t('payments.amount')}</p>
          <p className="text-2xl font-semibold tabular-nums">{gel(value)}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setText(minorToInput(value));
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" />
          {t('payments.editAmount')}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium">
        {t('payments.amountLabel')}
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          inputMode="decimal"
          type="number"
          min={1}
          step={0.01}
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : `${inputId}-hint`}
        />
        <Button onClick={save}>{t('payments.saveAmount')}</Button>
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
        {t('payments.amountHint')}
      </p>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
