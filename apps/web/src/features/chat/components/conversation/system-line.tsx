import { Info } from 'lucide-react';
import { useDates } from '@/lib/format';
import { Linkified } from './linkified';

/** A line of the order's story ('Payment confirmed', 'Work submitted', ...), centred between the bubbles. */
export function SystemLine({ content, time }: { content: string; time: string }) {
  const dates = useDates();
  return (
    <div
      data-testid="system-message"
      className="my-1 flex max-w-[90%] items-start gap-2 self-center rounded-lg bg-primary-soft px-3 py-1.5 text-xs text-foreground"
    >
      <Info className="mt-px size-3.5 shrink-0 text-primary-hover" aria-hidden="true" />
      <p className="break-words whitespace-pre-wrap">
        <Linkified text={content} />
        <time dateTime={time} className="ml-2 text-muted-foreground">
          {dates.clock(time)}
        </time>
      </p>
    </div>
  );
}
