import { CircleAlert, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { Button } from './button';

type ErrorStateProps = {
  title: ReactNode;
  description?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
};

/** A failed load, said plainly, with a way to try again. */
export function ErrorState({ title, description, onRetry, retrying, className }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center rounded-xl border border-destructive/25 bg-destructive-soft px-6 py-8 text-center',
        className,
      )}
    >
      <CircleAlert className="mb-3 size-6 text-destructive-hover" aria-hidden="true" />
      <p className="font-semibold text-foreground">{title}</p>
      {description && <p className="mt-1 max-w-sm text-sm text-foreground/80">{description}</p>}
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-4" onClick={onRetry} loading={retrying}>
          {!retrying && <RotateCw aria-hidden="true" />}
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
