import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Something above the title, e.g. a back link. */
  eyebrow?: ReactNode;
  className?: string;
};

/** The page's single h1 with its subtitle. */
export function PageHeader({ title, description, eyebrow, className }: PageHeaderProps) {
  return (
    <header className={cn('mb-6 min-w-0 sm:mb-8', className)}>
      {eyebrow && <div className="mb-3">{eyebrow}</div>}
      <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
      {description && <p className="mt-1.5 text-sm text-muted-foreground sm:text-base">{description}</p>}
    </header>
  );
}
