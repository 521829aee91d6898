import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '@/lib/router';
import '@/lib/i18n';

// jsdom has no ResizeObserver; Radix (checkbox, select) only needs it to exist.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  (window as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Renders with a fresh query cache (no retries) and an in-memory router; seed the cache through `prepare`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', prepare }: { route?: string; prepare?: (client: QueryClient) => void } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  prepare?.(queryClient);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
