import type { MessageDto } from '@app/shared/chat/message.schemas';
import { Check, CheckCheck, Clock, FileText, Paperclip } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { Linkified } from './linkified';

/** One message: its text or file, its time, and for one's own whether it was sent and seen. */
export function Bubble(props: {
  mine: boolean;
  /** Named above the text in a three-person chat. */
  sender?: string | null;
  content: string;
  time: string;
  state: 'sending' | 'sent' | 'seen' | null;
  attachment?: MessageDto['attachment'];
  uploading?: { name: string; progress: number };
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const a = props.attachment;
  const StateIcon = props.state === 'seen' ? CheckCheck : props.state === 'sent' ? Check : Clock;
  return (
    <div
      data-testid="message"
      className={cn(
        'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-xs sm:max-w-[70%]',
        props.mine
          ? 'self-end rounded-br-md bg-primary text-primary-foreground'
          : 'self-start rounded-bl-md bg-muted text-foreground',
        props.state === 'sending' && 'opacity-70',
      )}
    >
      {props.sender && <p className="mb-0.5 text-xs font-semibold text-primary-hover">{props.sender}</p>}
      {props.uploading && (
        <div className="grid min-w-48 gap-1.5 py-1">
          <span className="flex items-center gap-2 truncate">
            <Paperclip className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{props.uploading.name}</span>
          </span>
          <Progress
            value={props.uploading.progress * 100}
            label={t('chat.uploading', { name: props.uploading.name })}
            className="bg-primary-foreground/30"
          />
        </div>
      )}
      {a?.type.startsWith('image/') && (
        <a href={a.url} target="_blank" rel="noopener noreferrer" className="-mx-1.5 -mt-0.5 block">
          {a.width && a.height ? (
            // The box has the image's shape and size before it loads (at most 16rem high, never wider than the
            // bubble or the image), so the conversation does not move under the reader (issue 27).
            <img
              src={a.url}
              alt={a.name}
              loading="lazy"
              width={a.width}
              height={a.height}
              style={{
                width: `min(100%, ${a.width}px, ${(16 * a.width) / a.height}rem)`,
                aspectRatio: `${a.width} / ${a.height}`,
              }}
              className="h-auto max-w-full rounded-xl object-cover"
            />
          ) : (
            <img
              src={a.url}
              alt={a.name}
              loading="lazy"
              className="max-h-64 w-auto max-w-full rounded-xl object-cover"
            />
          )}
        </a>
      )}
      {a && !a.type.startsWith('image/') && (
        <a
          href={a.url}
          download={a.name}
          className={cn(
            'flex items-center gap-3 rounded-lg px-2.5 py-2 underline-offset-2 hover:underline',
            props.mine ? 'bg-primary-foreground/15' : 'bg-card',
          )}
        >
          <FileText className="size-6 shrink-0" aria-hidden="true" />
          <span className="grid min-w-0">
            <span className="truncate font-medium">{a.name}</span>
            <span className={cn('text-xs', props.mine ? 'text-primary-foreground/80' : 'text-muted-foreground')}>
              {formatBytes(a.size)}
            </span>
          </span>
        </a>
      )}
      {props.content && (
        <p className="break-words whitespace-pre-wrap">
          <Linkified text={props.content} />
        </p>
      )}
      <p
        className={cn(
          'mt-1 flex items-center justify-end gap-1 text-[11px]',
          props.mine ? 'text-primary-foreground/80' : 'text-muted-foreground',
        )}
      >
        <time dateTime={props.time}>{dates.clock(props.time)}</time>
        {props.state && (
          <>
            <StateIcon className="size-3.5" aria-hidden="true" />
            <span className="sr-only" data-testid="message-state">
              {t(`chat.${props.state}`)}
            </span>
          </>
        )}
      </p>
    </div>
  );
}

/** 1.2 MB, 340 KB, 12 B. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}
