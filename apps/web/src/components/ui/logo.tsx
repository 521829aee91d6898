import { cn } from '@/lib/cn';

/** The brand mark (same drawing as the favicon). Decorative: the product name is always written beside it. */
export function LogoMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <rect width="64" height="64" rx="16" className={inverted ? 'fill-card' : 'fill-primary'} />
      <path d="M22 18h8v28h-8zM34 18h8l8 14-8 14h-8l8-14z" className={inverted ? 'fill-primary' : 'fill-card'} />
    </svg>
  );
}
