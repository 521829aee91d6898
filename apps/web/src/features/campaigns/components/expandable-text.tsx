import { LIMITS } from '@app/shared/constants';
import { truncate } from '@app/shared/format/format';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';

/** Spec §2: a description over 200 characters is cut, with See more / See less. */
export function ExpandableText({ text, max = LIMITS.detailTruncate }: { text: string; max?: number }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > max;
  return (
    <div>
      <p id={id} className="text-sm leading-relaxed break-words whitespace-pre-line text-foreground/90 sm:text-base">
        {long && !expanded ? truncate(text, max) : text}
      </p>
      {long && (
        <Button
          variant="link"
          className="min-h-11 md:min-h-0 md:py-1"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t('campaigns.detail.seeLess') : t('campaigns.detail.seeMore')}
        </Button>
      )}
    </div>
  );
}
