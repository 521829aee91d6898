import { type ReactNode, useEffect, useState } from 'react';
import { LogoMark } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { useLoadingScreenShown } from './loading-screens';

/**
 * showing: the splash alone; waiting: the app renders under the splash until it has more than a loading screen to
 * show; fading: the splash fades over the app; gone.
 */
type Phase = 'showing' | 'waiting' | 'fading' | 'gone';

/** A loading screen gone for this long is not about to be followed by the next one (a lazy route after a redirect). */
const SETTLED_MS = 150;
/** The splash never waits longer than this for the app under it: then the app's own loading screen shows. */
const MAX_WAIT_MS = 8000;

/** The branded loading screen: logo, name, tagline and 'Loading...'. */
export function Splash({ fading = false, fadeMs = 500 }: { fading?: boolean; fadeMs?: number }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="splash"
      aria-hidden={fading || undefined}
      style={{ transitionDuration: `${fadeMs}ms` }}
      className={cn(
        'fixed inset-0 z-[60] flex flex-col items-center justify-center gap-6 bg-gradient-to-br from-primary to-primary-hover px-6 text-center text-primary-foreground transition-opacity ease-out',
        fading && 'pointer-events-none opacity-0',
      )}
    >
      <div className="flex flex-col items-center gap-4">
        <LogoMark inverted className="size-20 drop-shadow-lg" />
        <p className="text-4xl font-bold tracking-tight">{t('app.name')}</p>
        <p className="max-w-xs text-lg text-primary-foreground-muted">{t('app.tagline')}</p>
      </div>
      <div role="status" className="flex items-center gap-2 text-sm font-medium">
        <Spinner className="size-4" />
        {t('common.loading')}
      </div>
    </div>
  );
}

/**
 * How long the branded splash stays up for a page load at `pathname`: the full time on the app's entry (`/`, where a
 * first launch starts), none on a deep link or a reload of any other screen, which shows its own loading state and
 * then its data as soon as they are there (issue 11 §3).
 */
export function splashMsFor(pathname: string, splashMs: number): number {
  return pathname === '/' ? splashMs : 0;
}

/**
 * Shows the splash for `showMs`, then renders the app underneath, keeps the splash up while the app shows only its
 * own loading screen (after sign-up the two used to overlap: issue 27), then fades the splash out for `fadeMs` and
 * removes it from the DOM.
 */
export function SplashGate({ showMs, fadeMs, children }: { showMs: number; fadeMs: number; children: ReactNode }) {
  const [phase, setPhase] = useState<Phase>(showMs > 0 ? 'showing' : 'gone');
  const loading = useLoadingScreenShown();

  useEffect(() => {
    if (phase === 'showing') {
      const timer = setTimeout(() => setPhase('waiting'), showMs);
      return () => clearTimeout(timer);
    }
    if (phase === 'waiting') {
      const done = () => setPhase(fadeMs > 0 ? 'fading' : 'gone');
      const timer = setTimeout(done, loading ? MAX_WAIT_MS : SETTLED_MS);
      return () => clearTimeout(timer);
    }
    if (phase === 'fading') {
      const timer = setTimeout(() => setPhase('gone'), fadeMs);
      return () => clearTimeout(timer);
    }
  }, [phase, showMs, fadeMs, loading]);

  return (
    <>
      {phase !== 'showing' && children}
      {phase !== 'gone' && <Splash fading={phase === 'fading'} fadeMs={fadeMs} />}
    </>
  );
}
