import { type Stage, trackerSteps } from '@app/shared/orders/order-machine';
import { Check } from 'lucide-react';
import { StageBadge } from '@/components/stage-badge';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';

type ProgressTrackerProps = { stage: Stage };

/** Spec §2/§4: three steps (Payment Completed, Work Started, Work Completed) and the current stage. */
export function ProgressTracker({ stage }: ProgressTrackerProps) {
  const { t } = useTranslation();
  const state = trackerSteps(stage);
  const steps = [
    { key: 'payment', done: state.paymentCompleted },
    { key: 'started', done: state.workStarted },
    { key: 'completed', done: state.workCompleted },
  ] as const;
  return (
    <div className="grid gap-5">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t('campaigns.tracker.current')}</span>
        <StageBadge stage={stage} />
      </p>
      <ol className="grid grid-cols-3">
        {steps.map((step, i) => (
          <li key={step.key} className="relative flex flex-col items-center gap-2 text-center">
            {/* The line to the previous step: filled once this step is reached. */}
            {i > 0 && (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2',
                  step.done ? 'bg-primary' : 'bg-border',
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                'relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold',
                step.done
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card text-muted-foreground',
              )}
            >
              {step.done ? <Check className="size-4" strokeWidth={3} /> : i + 1}
            </span>
            <span
              className={cn('text-xs font-medium sm:text-sm', step.done ? 'text-foreground' : 'text-muted-foreground')}
            >
              {t(`campaigns.tracker.${step.key}`)}
              <span className="sr-only">
                {' '}
                ({step.done ? t('campaigns.tracker.done') : t('campaigns.tracker.notYet')})
              </span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
