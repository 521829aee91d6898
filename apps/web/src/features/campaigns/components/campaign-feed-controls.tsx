import { CAMPAIGN_SEARCH_MAX, CAMPAIGN_SORTS, readBudgetBound } from '@app/shared/campaigns/campaign-query';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import type { CampaignFilter } from '../api/campaign-keys';

/** How long typing pauses before the list follows the search box. */
export const SEARCH_DEBOUNCE_MS = 350;

type CampaignFeedControlsProps = {
  filter: CampaignFilter;
  /**
   * A new filter for the address. `replace` while a person is still typing the same search, so Back returns to
   * the list before the search rather than to every letter of it.
   */
  onChange: (next: CampaignFilter, options?: { replace?: boolean }) => void;
  className?: string;
};

type BudgetText = { min: string; max: string };
const budgetText = (f: CampaignFilter): BudgetText => ({
  min: f.minBudget === undefined ? '' : String(f.minBudget),
  max: f.maxBudget === undefined ? '' : String(f.maxBudget),
});

/**
 * Search (title and description, as you type), sort and budget range of the campaign list. The address is the
 * state: these boxes only propose a new one, and follow it when it changes (Back, a shared link).
 */
export function CampaignFeedControls({ filter, onChange, className }: CampaignFeedControlsProps) {
  const { t } = useTranslation();
  const ids = { search: useId(), sort: useId(), budget: useId(), budgetError: useId() };
  const latest = useRef(filter);
  latest.current = filter;

  // Search: follows the address unless it is the address this box just wrote.
  const [text, setText] = useState(filter.q ?? '');
  const written = useRef(filter.q ?? '');
  const typing = useRef(false);
  useEffect(() => {
    if ((filter.q ?? '') !== written.current) {
      written.current = filter.q ?? '';
      setText(filter.q ?? '');
    }
  }, [filter.q]);
  const commitSearch = (value: string) => {
    const q = value.trim() || undefined;
    if ((q ?? '') === (latest.current.q ?? '')) return;
    written.current = q ?? '';
    onChange({ ...latest.current, q }, { replace: typing.current });
    typing.current = true;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the text starts the pause
  useEffect(() => {
    if (text.trim() === (latest.current.q ?? '')) return;
    const timer = setTimeout(() => commitSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // Budget: applied once typing pauses (both boxes together: what they show is what the list shows, issue 27), on
  // Enter or on leaving a box, judged by the server's own rules first.
  const [budget, setBudget] = useState<BudgetText>(() => budgetText(filter));
  const [budgetError, setBudgetError] = useState<string | null>(null);
  // Each box follows its own bound, and only when the address says something else than the box (Back, a link):
  // applying the minimum must not wipe a maximum being typed meanwhile, nor the message about it.
  const shownBudget = useRef(budget);
  shownBudget.current = budget;
  useEffect(() => {
    const min = budgetText({ minBudget: filter.minBudget }).min;
    if (min.trim() === shownBudget.current.min.trim()) return;
    setBudget((b) => ({ ...b, min }));
    setBudgetError(null);
  }, [filter.minBudget]);
  useEffect(() => {
    const max = budgetText({ maxBudget: filter.maxBudget }).max;
    if (max.trim() === shownBudget.current.max.trim()) return;
    setBudget((b) => ({ ...b, max }));
    setBudgetError(null);
  }, [filter.maxBudget]);
  /** The range in the boxes, or null (with the message shown) when the server would refuse it. */
  const readBudget = (): Pick<CampaignFilter, 'minBudget' | 'maxBudget'> | null => {
    const min = readBudgetBound('Minimum', budget.min.trim());
    const max = readBudgetBound('Maximum', budget.max.trim());
    const error = !min.ok
      ? min.message
      : !max.ok
        ? max.message
        : min.value !== undefined && max.value !== undefined && min.value > max.value
          ? t('campaigns.feed.budgetOrder')
          : undefined;
    setBudgetError(error ?? null);
    return error || !min.ok || !max.ok ? null : { minBudget: min.value, maxBudget: max.value };
  };
  const budgetTyping = useRef(false);
  const commitBudget = (options?: { replace?: boolean }) => {
    const range = readBudget();
    if (!range || (range.minBudget === latest.current.minBudget && range.maxBudget === latest.current.maxBudget))
      return;
    onChange({ ...latest.current, ...range }, options);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the boxes' text starts the pause
  useEffect(() => {
    const shown = budgetText(latest.current);
    if (budget.min.trim() === shown.min && budget.max.trim() === shown.max) return;
    const timer = setTimeout(() => {
      // Like the search: one history step per range, not one per digit.
      commitBudget({ replace: budgetTyping.current });
      budgetTyping.current = true;
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [budget.min, budget.max]);
  const leaveBudget = () => {
    budgetTyping.current = false;
    commitBudget();
  };

  const filtered = Boolean(filter.q || filter.sort || filter.minBudget !== undefined || filter.maxBudget !== undefined);
  const clear = () => {
    written.current = '';
    setText('');
    setBudget({ min: '', max: '' });
    setBudgetError(null);
    onChange({ platform: latest.current.platform });
  };

  return (
    <search
      aria-label={t('campaigns.feed.label')}
      className={cn('grid gap-3 md:grid-cols-[minmax(0,1fr)_11rem_15rem] md:items-start', className)}
      // Enter in any box applies them all at once (no form: nothing here is sent anywhere but the address).
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
        e.preventDefault();
        typing.current = false;
        const q = text.trim() || undefined;
        const range = readBudget();
        const next = { ...latest.current, q, ...(range ?? {}) };
        written.current = q ?? '';
        if (paths.campaigns.href(next) !== paths.campaigns.href(latest.current)) onChange(next);
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={ids.search}>{t('campaigns.feed.search')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={ids.search}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={CAMPAIGN_SEARCH_MAX}
            placeholder={t('campaigns.feed.searchPlaceholder')}
            className="pl-9"
            value={text}
            onChange={(e) => setText(e.target.value)}
            // A new search after leaving the box is a new step in the history.
            onBlur={() => {
              typing.current = false;
            }}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 items-start gap-3 md:contents">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.sort}>{t('campaigns.feed.sort')}</Label>
          <ChoiceSelect
            id={ids.sort}
            value={filter.sort ?? 'newest'}
            onValueChange={(sort) =>
              onChange({ ...latest.current, sort: sort === 'newest' ? undefined : (sort as CampaignFilter['sort']) })
            }
            selectedLabel={t(`campaigns.feed.sorts.${filter.sort ?? 'newest'}`)}
            choices={CAMPAIGN_SORTS.map((sort) => ({ value: sort, label: t(`campaigns.feed.sorts.${sort}`) }))}
            itemClassName="min-h-11 md:min-h-0"
          />
        </div>
        {/* Named by a plain label rather than a legend, which does not line up with the Sort label beside it. */}
        <fieldset
          aria-labelledby={ids.budget}
          aria-describedby={budgetError ? ids.budgetError : undefined}
          className="grid min-w-0 gap-1.5"
        >
          <span id={ids.budget} className="text-sm leading-none font-medium">
            {t('campaigns.feed.budget')}
          </span>
          <div className="flex items-center gap-1.5">
            <Input
              aria-label={t('campaigns.feed.minBudget')}
              placeholder={t('campaigns.feed.min')}
              inputMode="numeric"
              enterKeyHint="search"
              autoComplete="off"
              aria-invalid={budgetError ? true : undefined}
              value={budget.min}
              onChange={(e) => setBudget((b) => ({ ...b, min: e.target.value }))}
              onBlur={leaveBudget}
            />
            <span aria-hidden="true" className="text-muted-foreground">
              –
            </span>
            <Input
              aria-label={t('campaigns.feed.maxBudget')}
              placeholder={t('campaigns.feed.max')}
              inputMode="numeric"
              enterKeyHint="search"
              autoComplete="off"
              aria-invalid={budgetError ? true : undefined}
              value={budget.max}
              onChange={(e) => setBudget((b) => ({ ...b, max: e.target.value }))}
              onBlur={leaveBudget}
            />
          </div>
          {budgetError && <FieldError id={ids.budgetError}>{budgetError}</FieldError>}
        </fieldset>
      </div>
      {filtered && (
        <Button variant="ghost" size="sm" onClick={clear} className="-ml-3 justify-self-start md:col-span-3">
          <X aria-hidden="true" />
          {t('campaigns.feed.clear')}
        </Button>
      )}
    </search>
  );
}
