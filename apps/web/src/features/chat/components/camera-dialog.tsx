import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/lazy-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useTranslation } from '@/lib/use-translation';

/** Spec §7: a chat photo is a JPEG at 0.8 quality. */
const JPEG_QUALITY = 0.8;

type CameraState = 'loading' | 'ready' | 'denied';

/**
 * Spec §2 Chat, the camera dialog: 'Take Photo', 'Loading camera...' until the picture moves, 'Capture Photo' sends a
 * JPEG through the same attachment path as a file; 'Camera access denied' and 'Camera not ready' as the spec says.
 */
export function CameraDialog({
  open,
  onOpenChange,
  onCapture,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCapture: (file: File) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('loading');

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    setState('loading');
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
        if (cancelled) return;
        const el = video.current;
        if (el) {
          el.srcObject = stream;
          await el.play().catch(() => {});
        }
        setState('ready');
      } catch {
        if (cancelled) return;
        setState('denied');
        toast({ variant: 'destructive', title: t('chat.camera.denied') });
      }
    })();
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open, t]);

  function capture() {
    const el = video.current;
    if (state !== 'ready' || !el || !el.videoWidth) {
      toast({ variant: 'destructive', title: t('chat.camera.notReady') });
      return;
    }
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext('2d')?.drawImage(el, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) {
          toast({ variant: 'destructive', title: t('chat.camera.notReady') });
          return;
        }
        onCapture(new File([blob], `photo-${Date.now()}.jpg`, { type: 'image/jpeg' }));
        onOpenChange(false);
      },
      'image/jpeg',
      JPEG_QUALITY,
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('chat.camera.title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('chat.camera.description')}</DialogDescription>
        </DialogHeader>
        <div className="relative aspect-video overflow-hidden rounded-lg bg-muted">
          <video ref={video} playsInline muted className="size-full object-cover" />
          {state === 'loading' && (
            <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted-foreground">
              <Spinner className="size-4" />
              {t('chat.camera.loading')}
            </div>
          )}
          {state === 'denied' && (
            <p role="alert" className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm">
              {t('chat.camera.denied')}
            </p>
          )}
        </div>
        <Button onClick={capture} disabled={state === 'denied'} className="w-full">
          <Camera aria-hidden="true" />
          {t('chat.camera.capture')}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
