import { Smile } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';

const ChatEmojiPicker = lazy(() => import('../emoji-picker'));

/** The emoji button and its picker (loaded on first open). */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button type="button" variant="ghost" size="icon" className="size-11 shrink-0" aria-label={t('chat.emoji')}>
          <Smile aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          aria-label={t('chat.emoji')}
          className="z-50 overflow-hidden rounded-xl border border-border bg-card shadow-raised"
        >
          <Suspense
            fallback={
              <div className="flex h-80 w-[19.5rem] items-center justify-center">
                <Spinner label={t('chat.emojiLoading')} />
              </div>
            }
          >
            <ChatEmojiPicker
              onPick={(emoji) => {
                onPick(emoji);
                setOpen(false);
              }}
            />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
