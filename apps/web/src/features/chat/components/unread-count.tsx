import { useTranslation } from '@/lib/use-translation';

/** Spec §2 Chat: 'N new message(s)' with a pulsing dot (still for people who ask for less motion). */
export function UnreadCount({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="flex items-center gap-1.5 text-xs font-semibold text-primary-hover">
      <span className="relative flex size-2" aria-hidden="true">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary opacity-75 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2 rounded-full bg-primary" />
      </span>
      {t('chat.newMessages', { count })}
    </span>
  );
}
