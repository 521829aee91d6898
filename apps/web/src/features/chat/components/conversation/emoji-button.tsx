import { Smile } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';
import { whenIdle } from '@/lib/when-idle';

// Radix Popover (and the dialogs' shared chunk it lives in) is not on /chat's way to its first tap (issue 28 §2).
const loadPopover = () => import('./emoji-popover');
const EmojiPopover = lazy(() => loadPopover().then((m) => ({ default: m.EmojiPopover })));

/**
 * The emoji button and its picker. Until first opened the button is drawn as Radix's closed trigger is (the same
 * markup), without Radix; the first tap opens the real popover around a trigger like it once its code is there,
 * which the browser fetches when idle after the page is live.
 */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        loadPopover().catch(() => undefined); // offline: it loads when opened, or says so there
      }),
    [],
  );
  const look = {
    type: 'button',
    variant: 'ghost',
    size: 'icon',
    className: 'size-11 shrink-0',
    'aria-label': t('chat.emoji'),
    children: <Smile aria-hidden="true" />,
  } as const;
  const button = <Button {...look} />;
  // Radix's trigger attributes, so the page reads the same before and after; expanded while the popover loads.
  const waiting = (
    <Button
      {...look}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      onClick={() => {
        setOpen((now) => !now);
        setOpened(true);
      }}
    />
  );
  if (!opened) return waiting;
  return (
    <Suspense fallback={waiting}>
      <EmojiPopover open={open} onOpenChange={setOpen} onPick={onPick}>
        {button}
      </EmojiPopover>
    </Suspense>
  );
}
