import { ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';

/** What the bank's card page reports to the window that embeds it (emulators/bog README; the SDK's events). */
export type BankPageEvent =
  | { event: 'submit_available_changed'; data: { canPay?: boolean } }
  | { event: 'payment_begin' | '3ds_redirect'; data: unknown }
  | { event: 'form_layout_changed'; data: { reason?: string } }
  | { event: 'payment_complete'; data: { error?: { code: string | null; message: string } } };

/** Spec §7/§9: the hosted card form, 100% wide and 600 px high, started 100 ms after it is shown. */
const FRAME_HEIGHT = 600;
const START_DELAY_MS = 100;

/**
 * The bank's page moves inside its frame (its form posts, 3-D Secure), and each move is an entry in the tab's history:
 * once the frame was gone, the first Back only stepped over one of those and stayed on the page (issue 27). When the
 * frame goes, step back over them, as long as the app is still on the entry that showed the frame (the entries are
 * the frame's, so the app's page does not change and nothing reloads).
 */
function useForgetFrameHistory() {
  useEffect(() => {
    const length = window.history.length;
    const href = window.location.href;
    const state = JSON.stringify(window.history.state);
    return () => {
      const grown = window.history.length - length;
      if (grown > 0 && window.location.href === href && JSON.stringify(window.history.state) === state) {
        window.history.go(-grown);
      }
    };
  }, []);
}

/**
 * The bank's own card page inside the app. Only messages from the page's origin are read, and they only tell the
 * screen when to start asking our server: the order is paid when the bank tells our server, never because the page
 * said so. A link opens the same page in full where a frame cannot work (the return comes back to this screen).
 */
export function BankCardFrame({
  redirectUrl,
  lang,
  onEvent,
}: {
  redirectUrl: string;
  lang: 'en' | 'ka';
  onEvent: (e: BankPageEvent) => void;
}) {
  const { t } = useTranslation();
  const [started, setStarted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const origin = new URL(redirectUrl).origin;
  useForgetFrameHistory();

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), START_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const listen = (e: MessageEvent) => {
      const msg = e.data as { type?: unknown; event?: unknown; data?: unknown } | null;
      if (e.origin !== origin || !msg || msg.type !== 'bog-payment' || typeof msg.event !== 'string') return;
      handler.current({ event: msg.event, data: msg.data ?? {} } as BankPageEvent);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [origin]);

  const src = new URL(redirectUrl);
  src.searchParams.set('embedded', '1');
  src.searchParams.set('lang', lang);

  return (
    <div className="grid gap-3">
      <div
        className="relative overflow-hidden rounded-lg border border-border bg-card"
        style={{ height: FRAME_HEIGHT }}
      >
        {!loaded && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label={t('payments.frame.loading')} />
          </div>
        )}
        {started && (
          <iframe
            title={t('payments.frame.title')}
            src={src.toString()}
            onLoad={() => setLoaded(true)}
            className="size-full border-0"
            style={{ width: '100%', height: FRAME_HEIGHT }}
            allow="payment"
          />
        )}
      </div>
      <a
        href={redirectUrl}
        className="inline-flex min-h-11 items-center gap-2 justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring md:min-h-0"
      >
        <ExternalLink className="size-4" aria-hidden="true" />
        {t('payments.frame.openInFull')}
      </a>
    </div>
  );
}
