import type { ProofCheckDto } from '@app/shared/social/proof-link';
import { BadgeCheck, TriangleAlert } from 'lucide-react';
import { useDates, useNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';

const PLATFORM_NAMES = { youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' } as const;

/**
 * What the server's proof-of-post check found (decision 039): "Verified post on @handle, published …" with its
 * counts, or a warning the brand should read before approving (not on the verified account, not found, removed,
 * could not be checked). Text, not colour alone, carries the meaning.
 */
export function ProofCheckMark({ check }: { check: ProofCheckDto }) {
  const { t } = useTranslation();
  const dates = useDates();
  const number = useNumber();
  if (check.status === 'verified') {
    const counts = [
      check.views !== null && t('proofCheck.views', { count: check.views, n: number(check.views) }),
      check.likes !== null && t('proofCheck.likes', { count: check.likes, n: number(check.likes) }),
      check.comments !== null && t('proofCheck.comments', { count: check.comments, n: number(check.comments) }),
    ].filter(Boolean);
    return (
      <div className="flex items-start gap-2 rounded-md bg-success-soft p-3 text-sm" data-testid="proof-check">
        <BadgeCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-medium">
            {check.publishedAt
              ? t('proofCheck.verified', { handle: check.handle, date: dates.day(check.publishedAt) })
              : t('proofCheck.verifiedNoDate', { handle: check.handle })}
          </p>
          {counts.length > 0 && <p className="text-muted-foreground">{counts.join(' · ')}</p>}
          <p className="text-xs text-muted-foreground">
            {t('proofCheck.checkedAt', { date: dates.day(check.checkedAt) })}
          </p>
        </div>
      </div>
    );
  }
  let warning: string;
  let hint: string | null = null;
  if (check.removedAt) {
    warning = t('proofCheck.removed');
    hint = t('proofCheck.removedHint', { date: dates.day(check.removedAt) });
  } else if (check.status === 'not_owned') {
    warning = t('proofCheck.notOwned');
    hint = check.handle
      ? t('proofCheck.verifiedAccount', { handle: check.handle, platform: PLATFORM_NAMES[check.platform] })
      : null;
  } else if (check.status === 'not_found') {
    warning = t('proofCheck.notFound');
  } else {
    warning = t('proofCheck.unchecked');
    hint =
      check.reason === 'no_verified_account'
        ? t('proofCheck.noVerifiedAccount', { platform: PLATFORM_NAMES[check.platform] })
        : t('proofCheck.tryAgainLater');
  }
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md bg-warning-soft p-3 text-sm"
      data-testid="proof-check"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <div className="grid gap-0.5">
        <p className="font-medium">{warning}</p>
        {hint && <p className="text-muted-foreground">{hint}</p>}
      </div>
    </div>
  );
}
