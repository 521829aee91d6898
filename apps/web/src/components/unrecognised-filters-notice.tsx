import { Info } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';

/** A parameter of the address a list could not use; `value` is left out where it means nothing to a person (an id). */
export type UnrecognisedFilter = { name: string; value?: string };

const shown = (value: string) => (value.length > 24 ? `${value.slice(0, 23)}…` : value);

/**
 * Says which filters of a shared or old link were not recognised and so are not applied, above a list that shows
 * without them (issue 14: an unknown value must not silently show everyone). It goes when the filters change.
 */
export function UnrecognisedFiltersNotice({
  filters,
  className,
}: {
  filters: UnrecognisedFilter[];
  className?: string;
}) {
  const { t } = useTranslation();
  if (filters.length === 0) return null;
  const list = filters
    .map(({ name, value }) => {
      const label = t(`filterNotice.names.${name}`, { defaultValue: name });
      return value === undefined ? label : t('filterNotice.item', { name: label, value: shown(value) });
    })
    .join(', ');
  return (
    <p
      role="status"
      className={cn(
        'flex items-start gap-2.5 rounded-lg border border-border bg-muted px-4 py-3 text-sm text-foreground',
        className,
      )}
    >
      <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>{t('filterNotice.unrecognised', { count: filters.length, list })}</span>
    </p>
  );
}
