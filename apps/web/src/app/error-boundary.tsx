import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useLocation } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';

type BoundaryProps = { children: ReactNode; fallback: ReactNode; resetKey?: unknown };

/**
 * Catches a render error below it (a page that crashed, a lazy chunk that no longer exists after a redeploy) and
 * shows `fallback` instead of a blank page. A new `resetKey` (the next page) tries again.
 */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; key: unknown }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: unknown }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // React logs the error itself; this adds where it happened.
    console.warn('Render failed below the error boundary', info.componentStack, error);
  }

  override render() {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}

/** The app's last line of defence: everything the router renders, reset when the path changes. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={<CrashScreen />}>
      {children}
    </ErrorBoundary>
  );
}

function CrashScreen() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive-hover">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t('errors.boundary.title')}</h1>
      <p className="text-muted-foreground">{t('errors.boundary.description')}</p>
      {/* A full load fetches the current build's files, which is what a missing chunk needs. */}
      <Button size="lg" className="mt-2" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </main>
  );
}
