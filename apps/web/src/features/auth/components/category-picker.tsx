import type { Category } from '@app/shared/categories/category.schemas';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useCategoryName } from '@/features/categories/category-name';
import { offeredOnly } from '@/lib/categories';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';

export type CategoryOptions = {
  items: Category[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** A retry is under way: the button shows it and cannot be pressed again. */
  retrying: boolean;
  retry: () => void;
};

type CategoryPickerProps = {
  options: CategoryOptions;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
};

/** Multi-select chips: each chip is a real checkbox, so keyboards and screen readers get the usual behaviour. */
export function CategoryPicker({ options, value, onChange, error }: CategoryPickerProps) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const offered = offeredOnly(options.items ?? []);
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);

  return (
    <fieldset className="grid gap-2" aria-describedby="category-hint">
      <legend className="mb-1 text-sm font-medium">{t('auth.register.categories.label')}</legend>
      <p id="category-hint" className="-mt-1 text-xs text-muted-foreground">
        {t('auth.register.categories.hint')}
      </p>
      {options.isLoading && (
        <div className="flex flex-wrap gap-2">
          {['w-24', 'w-32', 'w-28', 'w-20', 'w-36', 'w-24'].map((w, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className={cn('h-11 rounded-full md:h-9', w)} />
          ))}
        </div>
      )}
      {options.isError && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <FieldError>{t('auth.register.categories.loadFailed')}</FieldError>
          <Button variant="outline" size="sm" onClick={options.retry} loading={options.retrying}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {!options.isLoading && !options.isError && offered.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('auth.register.categories.empty')}</p>
      )}
      {offered.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {offered.map((category) => {
            const checked = value.includes(category.id);
            return (
              <label
                key={category.id}
                className={cn(
                  'relative inline-flex min-h-11 cursor-pointer select-none items-center gap-1.5 rounded-full border px-3.5 py-2 text-sm md:min-h-9 font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  checked
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-input bg-card text-foreground hover:bg-muted',
                )}
              >
                <input
                  type="checkbox"
                  // Named, so the form carries the choice when the browser sends it itself (before the app runs).
                  name="categoryIds"
                  value={category.id}
                  className="absolute inset-0 z-10 cursor-pointer opacity-0"
                  checked={checked}
                  onChange={() => toggle(category.id)}
                  aria-invalid={error ? true : undefined}
                />
                {checked && <Check className="size-3.5" aria-hidden="true" />}
                {categoryName(category.name)}
              </label>
            );
          })}
        </div>
      )}
      {error && <FieldError>{error}</FieldError>}
    </fieldset>
  );
}
