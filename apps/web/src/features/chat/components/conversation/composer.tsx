import { ATTACHMENT_ACCEPT, MESSAGE_MAX } from '@app/shared/chat/chat.constants';
import { Camera, Paperclip, SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';
import { CameraDialog } from '../camera-dialog';
import { AttachmentPreview } from './attachment-preview';
import { EmojiButton } from './emoji-button';

/** How often this screen sends a 'typing' frame while typing. */
const TYPING_EVERY_MS = 2500;
/** How many lines the box grows to before it scrolls inside itself. */
const MAX_LINES = 6;

/**
 * Grows the box with its text up to MAX_LINES, then lets it scroll (issue 27: on a phone it stayed small). Measured
 * rather than `field-sizing: content`, which Safari and Firefox do not have.
 */
function useAutoGrow(box: RefObject<HTMLTextAreaElement | null>, text: string) {
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const px = (v: string) => Number.parseFloat(v) || 0;
    const borders = px(style.borderTopWidth) + px(style.borderBottomWidth);
    const most = px(style.paddingTop) + px(style.paddingBottom) + borders + MAX_LINES * (px(style.lineHeight) || 22);
    el.style.height = 'auto';
    // Empty: one row, whatever the placeholder's length (Chromium counts a wrapped placeholder in scrollHeight).
    if (text === '') return;
    el.style.height = `${Math.min(el.scrollHeight + borders, most)}px`;
  }, [box, text]);
}

/** The text box (Enter sends, Shift+Enter breaks the line), a file, a photo, an emoji. */
export function Composer({
  onSend,
  onAttach,
  onTyping,
}: {
  onSend: (content: string) => Promise<boolean>;
  onAttach: (file: File, caption: string) => void;
  onTyping: () => void;
}) {
  const { t } = useTranslation();
  /** A file or photo waiting in its preview for Send or Cancel. */
  const [staged, setStaged] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [text, setText] = useState('');
  const lastTyping = useRef(0);
  const box = useRef<HTMLTextAreaElement>(null);
  useAutoGrow(box, text);
  const over = [...text].length - MESSAGE_MAX;
  const blank = text.trim() === '';

  async function sendNow() {
    if (blank || over > 0) return;
    const content = text;
    setText('');
    const sent = await onSend(content);
    // 'Failed to send message': the text goes back in the box (unless something new was typed meanwhile).
    if (!sent) setText((now) => (now === '' ? content : now));
    box.current?.focus();
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void sendNow();
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void sendNow();
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-1 border-t border-border p-3 sm:gap-2">
      <input
        ref={fileInput}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('chat.attach')}
        data-testid="attach-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) setStaged(file);
        }}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-11 shrink-0"
        aria-label={t('chat.attach')}
        onClick={() => fileInput.current?.click()}
      >
        <Paperclip aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-11 shrink-0"
        aria-label={t('chat.camera.open')}
        onClick={() => setCameraOpen(true)}
      >
        <Camera aria-hidden="true" />
      </Button>
      <CameraDialog open={cameraOpen} onOpenChange={setCameraOpen} onCapture={setStaged} />
      <AttachmentPreview
        file={staged}
        onCancel={() => setStaged(null)}
        onSend={(file, caption) => {
          setStaged(null);
          onAttach(file, caption);
        }}
      />
      <EmojiButton
        onPick={(emoji) => {
          const el = box.current;
          const start = el?.selectionStart ?? text.length;
          const end = el?.selectionEnd ?? text.length;
          setText((now) => now.slice(0, start) + emoji + now.slice(end));
          // Back in the box with the cursor after the emoji, ready to go on typing.
          requestAnimationFrame(() => {
            el?.focus();
            el?.setSelectionRange(start + emoji.length, start + emoji.length);
          });
        }}
      />
      <label htmlFor="chat-message" className="sr-only">
        {t('chat.messageLabel')}
      </label>
      <textarea
        id="chat-message"
        ref={box}
        rows={1}
        value={text}
        placeholder={t('chat.placeholder')}
        aria-describedby="chat-message-hint"
        aria-invalid={over > 0 || undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (Date.now() - lastTyping.current > TYPING_EVERY_MS) {
            lastTyping.current = Date.now();
            onTyping();
          }
        }}
        onKeyDown={onKeyDown}
        className="min-h-11 min-w-0 flex-1 resize-none rounded-lg border border-input bg-background px-3 py-2.5 text-base leading-snug outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm"
      />
      <span id="chat-message-hint" className="sr-only">
        {over > 0 ? t('chat.tooLong', { count: over }) : t('chat.composerHint')}
      </span>
      <Button
        type="submit"
        size="icon"
        className="size-11 shrink-0"
        disabled={blank || over > 0}
        aria-label={t('chat.send')}
      >
        <SendHorizontal aria-hidden="true" />
      </Button>
    </form>
  );
}
