import { Popover } from 'radix-ui';
import { lazy, type ReactElement, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';

const ChatEmojiPicker = lazy(() => import('../emoji-picker'));

/**
 * emoji-button.tsx's popover (Radix Popover, loaded when first opened) around its button, and the picker (loaded
 * when shown).
 */
export function EmojiPopover({
  open,
  onOpenChange,
  onPick,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (emoji: string) => void;
  /** The emoji button, made the popover's trigger. */
  children: ReactElement;
}) {
  const { t } = useTranslation();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{children}</Popover.Trigger>
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
                onOpenChange(false);
              }}
            />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
