import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/router';

/** What a list needs to know of its query (TanStack Query's result, paged or not). */
type ListQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/**
 * A list from the server with its three other states: loading (two placeholder rows), failed (the reason and Retry)
 * and empty (what the list would hold and what to do). The rows are `<li>`s the caller draws; the list is labelled
 * for screen readers.
 */
export function QueryList<T>({
  query,
  items,
  label,
  loadFailed,
  empty,
  rowClassName = 'h-20',
  children,
}: {
  query: ListQuery;
  items: readonly T[];
  label: string;
  loadFailed: string;
  empty: { icon: LucideIcon; title: string; description?: string };
  /** The placeholder rows' height, close to a real row's. */
  rowClassName?: string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-3">
        <Skeleton className={rowClassName} />
        <Skeleton className={rowClassName} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={loadFailed}
        description={query.error?.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (items.length === 0) return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />;
  return (
    <ul className="grid gap-2" aria-label={label}>
      {items.map(children)}
    </ul>
  );
}

/** A list row that opens its item's page: the whole card is the link. */
export function RowLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border bg-card p-4 shadow-card transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      {children}
    </Link>
  );
}
