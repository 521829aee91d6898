import { kaGel } from '@app/shared/i18n/ka-format';
import { isLanguage } from '@app/shared/i18n/language';
import { Info } from 'lucide-react';
import { useDates } from '@/lib/format';
import { schemaMessage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { Linkified } from './linkified';

/** A line of the order's story ('Payment confirmed', 'Work submitted', ...), centred between the bubbles. */
export function SystemLine({ content, time }: { content: string; time: string }) {
  const dates = useDates();
  const { i18n } = useTranslation();
  const text = readable(content, isLanguage(i18n.language) ? i18n.language : 'en');
  return (
    <div
      data-testid="system-message"
      className="my-1 flex max-w-[90%] items-start gap-2 self-center rounded-lg bg-primary-soft px-3 py-1.5 text-xs text-foreground"
    >
      <Info className="mt-px size-3.5 shrink-0 text-primary-hover" aria-hidden="true" />
      <p className="break-words whitespace-pre-wrap">
        <Linkified text={text} />
        <time dateTime={time} className="ml-2 text-muted-foreground">
          {dates.clock(time)}
        </time>
      </p>
    </div>
  );
}

/**
 * The server stores these lines in English; a Georgian reader reads them through the server messages' table, with
 * the amounts as Georgian writes money ("350.00 GEL" → "350,00 ₾").
 */
export function readable(content: string, language: 'en' | 'ka'): string {
  if (language === 'en') return content;
  return schemaMessage(content, language).replace(/\b(\d{1,3}(?:,\d{3})*\.\d{2}) GEL\b/g, (_, amount: string) =>
    kaGel(Number(amount.replaceAll(',', ''))),
  );
}
