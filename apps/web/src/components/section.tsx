import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

type SectionProps = {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A titled block of a page (h2 under the page's h1). */
export function Section({ title, description, className, children }: SectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('grid grid-cols-1 gap-4', className)}>
      <div>
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}
