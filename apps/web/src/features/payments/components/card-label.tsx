import type { SavedCardDto } from '@app/shared/payments/payment.schemas';
import { CreditCard } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';

/** "Visa •••• 1111", with the brand spoken in full for screen readers. */
export function CardLabel({ card }: { card: Pick<SavedCardDto, 'cardType' | 'cardLastFour'> }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2 font-medium">
      <CreditCard className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <span>
        {card.cardType} <span aria-hidden="true">•••• </span>
        <span className="sr-only">{t('payments.cards.endingIn')} </span>
        <span className="tabular-nums">{card.cardLastFour}</span>
      </span>
    </span>
  );
}
