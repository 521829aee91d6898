import type { MessageDto } from '@app/shared/chat/message.schemas';
import { MessageCircle } from 'lucide-react';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useDates } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { Bubble } from './bubble';
import { SystemLine } from './system-line';

/** A message of one's own on its way (not yet in the server's answer). */
export type Pending = {
  clientId: string;
  content: string;
  createdAt: string;
  /** An upload on its way: the file's name and how far it is (0-1). */
  file?: { name: string; progress: number };
};

export function MessageList(props: {
  /** Whom to name above another person's bubble when a chat has three people in it (support asked in). */
  senderName: (m: MessageDto) => string | null;
  items: MessageDto[];
  waiting: Pending[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const scroller = useRef<HTMLElement>(null);
  const content = useRef<HTMLOListElement>(null);
  /** The reader is at the newest message: growth below (an image loading, a new line) keeps them there. */
  const pinned = useRef(true);
  /** Where the pane was last seen scrolled to (by the reader's scroll event or by this list itself). */
  const seenTop = useRef(0);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const first = props.items[0]?.id;
  const last = props.items.at(-1)?.id ?? props.waiting.at(-1)?.clientId;

  // Older messages went in above: keep what the reader was looking at where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !anchor.current || !first) return;
    el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
    seenTop.current = el.scrollTop;
    anchor.current = null;
  }, [first]);
  // A new message at the bottom: follow it, unless the reader scrolled up to read (one's own always).
  const lastIsMine = props.waiting.length > 0;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && last && (stillPinned(el, pinned, seenTop) || lastIsMine)) {
      scrollToEnd(el, seenTop);
      pinned.current = true;
    }
  }, [last, lastIsMine]);
  // Images (and anything else) growing after the first paint, or the pane shrinking: stay at the bottom while pinned
  // (issue 27: opening a chat with photos landed 500 px above the newest message; a new photo arrived cut off).
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe the list again once it exists (after the empty state)
  useEffect(() => {
    const el = scroller.current;
    const list = content.current;
    if (!el || !list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!anchor.current && stillPinned(el, pinned, seenTop)) scrollToEnd(el, seenTop);
    });
    observer.observe(list);
    // The pane itself getting shorter (the order panel or the composer growing above or below it) hides the end too.
    observer.observe(el);
    return () => observer.disconnect();
  }, [props.items.length === 0]);

  const loadOlder = () => {
    const el = scroller.current;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    props.onLoadOlder();
  };

  if (props.items.length === 0 && props.waiting.length === 0) {
    return (
      <div className="flex flex-1 items-center justify-center p-4">
        <EmptyState
          icon={MessageCircle}
          title={t('chat.noMessages')}
          headingLevel="h3"
          className="w-full border-none bg-transparent"
        />
      </div>
    );
  }
  let lastDay = '';
  return (
    // A conversation longer than the pane scrolls, and one of plain text has nothing to focus inside: the pane itself
    // takes the focus, so a keyboard can scroll it (axe's scrollable-region-focusable, seen on a 360 px phone).
    <section
      ref={scroller}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label={t('chat.messagesLabel')}
      className="flex-1 overflow-y-auto px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-4"
      onScroll={(e) => {
        const el = e.currentTarget;
        // At the end: pinned. Away from it: unpinned only if the reader moved up. The event comes a frame after the
        // scroll, and a photo that grew in between leaves the pane short of its end without anyone scrolling
        // (1 opening in 16 landed at the first photo): that growth is the observer's to follow, not a reason to stop.
        if (el.scrollHeight - el.scrollTop - el.clientHeight < 48) pinned.current = true;
        else stillPinned(el, pinned, seenTop);
        seenTop.current = el.scrollTop;
        if (el.scrollTop < 40 && props.hasOlder && !props.loadingOlder) loadOlder();
      }}
    >
      {props.hasOlder && (
        <div className="mb-3 flex justify-center">
          <Button variant="outline" size="sm" onClick={loadOlder} loading={props.loadingOlder}>
            {t('chat.loadOlder')}
          </Button>
        </div>
      )}
      <ol ref={content} aria-label={t('chat.messagesLabel')} className="flex flex-col gap-1.5">
        {props.items.map((m) => {
          const day = dates.day(m.createdAt);
          const divider = day !== lastDay;
          lastDay = day;
          return (
            <li key={m.id} className="contents">
              {divider && (
                <p className="my-2 text-center text-xs font-medium text-muted-foreground" aria-hidden="true">
                  {day}
                </p>
              )}
              {m.kind === 'system' ? (
                <SystemLine content={m.content ?? ''} time={m.createdAt} />
              ) : (
                <Bubble
                  mine={m.mine}
                  sender={props.senderName(m)}
                  attachment={m.attachment}
                  content={m.content ?? ''}
                  time={m.createdAt}
                  state={m.mine ? (m.seen ? 'seen' : 'sent') : null}
                />
              )}
            </li>
          );
        })}
        {props.waiting.map((p) => (
          <li key={p.clientId} className="contents">
            <Bubble mine content={p.content} time={p.createdAt} state="sending" uploading={p.file} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Whether the reader is still at the newest message. A scroll up is known at once from the pane's position, before
 * its `scroll` event (a frame later): a message arriving in between must not pull the reader back down. (Moved up
 * and away from the end: a pane that only got shorter is clamped by the browser and still at its end.)
 */
function stillPinned(el: HTMLElement, pinned: RefObject<boolean>, seenTop: RefObject<number>): boolean {
  const movedUp = el.scrollTop < seenTop.current - 1;
  if (movedUp && el.scrollHeight - el.scrollTop - el.clientHeight >= 48) pinned.current = false;
  return pinned.current;
}

function scrollToEnd(el: HTMLElement, seenTop: RefObject<number>) {
  el.scrollTop = el.scrollHeight;
  seenTop.current = el.scrollTop;
}
