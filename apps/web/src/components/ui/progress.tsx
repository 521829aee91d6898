import { cn } from '@/lib/cn';

type ProgressProps = {
  /** 0 to 100 */
  value: number;
  label: string;
  className?: string;
};

/**
 * A progress bar with Radix Progress's markup (role, aria-value*, data-state), written out: the chat's upload bubble
 * draws it, and Radix's package would bring the dialogs' shared chunk onto /chat before it is live (issue 28 §2).
 */
export function Progress({ value, label, className }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  const state = clamped === 100 ? 'complete' : 'loading';
  return (
    <div
      role="progressbar"
      aria-valuemax={100}
      aria-valuemin={0}
      aria-valuenow={clamped}
      aria-valuetext={`${clamped}%`}
      aria-label={label}
      data-state={state}
      data-value={clamped}
      data-max={100}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        data-state={state}
        data-value={clamped}
        data-max={100}
        className="h-full bg-primary transition-transform duration-200"
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </div>
  );
}
