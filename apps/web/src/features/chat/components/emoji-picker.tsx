import { EmojiPicker, type EmojiPickerListComponents } from 'frimousse';
import { useTranslation } from '@/lib/use-translation';

const oneBased = (i: unknown) => (typeof i === 'number' ? i + 1 : undefined);

/** The list's parts, styled; frimousse counts ARIA rows and columns from 0, ARIA from 1. */
const LIST_PARTS: EmojiPickerListComponents = {
  CategoryHeader: ({ category, ...props }) => (
    <div className="bg-card px-3 pt-3 pb-1.5 text-xs font-semibold text-muted-foreground" {...props}>
      {category.label}
    </div>
  ),
  Row: ({ children, ...props }) => (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: frimousse's props give the row its role (a grid's row).
    <div className="scroll-my-1 px-1.5" {...props} aria-rowindex={oneBased(props['aria-rowindex'])}>
      {children}
    </div>
  ),
  Emoji: ({ emoji, ...props }) => (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: frimousse's props make each emoji a gridcell of the grid.
    <button
      type="button"
      className="flex size-9 items-center justify-center rounded-md text-xl data-[active]:bg-muted"
      {...props}
      aria-label={emoji.label}
      aria-colindex={oneBased(props['aria-colindex'])}
    >
      {emoji.emoji}
    </button>
  ),
};

/** Served from our own origin (apps/web/emoji-data.ts), never a CDN. */
const EMOJIBASE_URL = '/emoji';

/**
 * Spec §2 Chat: an emoji grid of 8 columns, searchable and keyboard navigable (frimousse), loaded only when the
 * picker first opens.
 */
export default function ChatEmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  return (
    <EmojiPicker.Root
      columns={8}
      locale="en"
      emojibaseUrl={EMOJIBASE_URL}
      onEmojiSelect={(e) => onPick(e.emoji)}
      className="flex h-80 w-[19.5rem] flex-col"
    >
      <EmojiPicker.Search
        aria-label={t('chat.emojiSearch')}
        placeholder={t('chat.emojiSearch')}
        className="mx-2 mt-2 h-10 rounded-md border border-input bg-background px-3 text-sm outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30"
      />
      {/* Focusable, so the list scrolls from the keyboard too. */}
      <EmojiPicker.Viewport
        tabIndex={0}
        aria-label={t('chat.emoji')}
        className="relative flex-1 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <EmojiPicker.Loading className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground">
          {t('chat.emojiLoading')}
        </EmojiPicker.Loading>
        <EmojiPicker.Empty className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground">
          {t('chat.emojiNone')}
        </EmojiPicker.Empty>
        <EmojiPicker.List className="pb-2 select-none" components={LIST_PARTS} />
      </EmojiPicker.Viewport>
    </EmojiPicker.Root>
  );
}
