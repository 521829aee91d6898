import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/use-translation';

export function ConversationSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <span role="status" className="sr-only">
        {t('common.loading')}
      </span>
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-56" />
        </div>
      </div>
      <Skeleton className="mt-4 h-10 w-2/3" />
      <Skeleton className="h-10 w-1/2 self-end" />
      <Skeleton className="h-10 w-3/5" />
    </div>
  );
}
