import { MESSAGE_MAX } from '@app/shared/chat/chat.constants';
import { FileText } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/lazy-dialog';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation } from '@/lib/use-translation';
import { formatBytes } from './bubble';

/**
 * A chosen file or a camera photo waits here before it goes (issue 27: it was sent at once): the picture or the
 * file's name and size, a caption, Send or Cancel. The caption travels with the file as one message.
 */
export function AttachmentPreview({
  file,
  onSend,
  onCancel,
}: {
  file: File | null;
  onSend: (file: File, caption: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const captionId = useId();
  const [caption, setCaption] = useState('');
  const [url, setUrl] = useState<string | null>(null);
  const image = Boolean(file?.type.startsWith('image/'));
  useEffect(() => {
    setCaption('');
    if (!file?.type.startsWith('image/')) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  const over = [...caption].length - MESSAGE_MAX;
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{image ? t('chat.attachPreview.photoTitle') : t('chat.attachPreview.fileTitle')}</DialogTitle>
          <DialogDescription>{t('chat.attachPreview.description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid min-w-0 gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (file && over <= 0) onSend(file, caption);
          }}
        >
          {image && url ? (
            <img
              src={url}
              alt={file?.name ?? ''}
              className="mx-auto max-h-[40dvh] w-auto max-w-full rounded-lg border border-border object-contain"
            />
          ) : (
            file && (
              <p className="flex min-w-0 items-center gap-3 rounded-lg bg-muted px-3 py-2.5 text-sm">
                <FileText className="size-6 shrink-0" aria-hidden="true" />
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{file.name}</span>
                  <span className="text-xs text-muted-foreground">{formatBytes(file.size)}</span>
                </span>
              </p>
            )
          )}
          <div className="grid gap-1.5">
            <label htmlFor={captionId} className="text-sm font-medium">
              {t('chat.attachPreview.caption')}
              <span className="ml-1 font-normal text-muted-foreground">{t('common.optional')}</span>
            </label>
            <Textarea
              id={captionId}
              rows={2}
              value={caption}
              aria-invalid={over > 0 || undefined}
              onChange={(e) => setCaption(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
            />
            {over > 0 && <FieldError>{t('chat.tooLong', { count: over })}</FieldError>}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={over > 0}>
              {t('chat.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
