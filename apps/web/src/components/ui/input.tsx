import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const controlClasses =
  'w-full rounded-md border border-input bg-card px-3 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30';

/** A select's closed control (./select.tsx's trigger, and ./choice-select.tsx's stand-in for it before Radix loads). */
export const selectTriggerClasses = `${controlClasses} flex h-11 items-center justify-between gap-2 text-left data-[placeholder]:text-muted-foreground md:h-10 [&>span]:truncate`;

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(controlClasses, 'h-11 file:border-0 file:bg-transparent md:h-10', className)}
      {...props}
    />
  );
}
