// @vitest-environment jsdom
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { meKeys } from '@/lib/session-cache';
import { aPerson } from '@/test/fixtures';
import '@/test/render';
import { RequireSession } from './guards';
import { createQueryClient } from './query-client';

const nino = aPerson();

function OrdersPage() {
  const orders = useQuery({ queryKey: ['orders'], queryFn: () => api('/api/orders') });
  return <h1>{orders.isError ? 'failed' : 'Orders'}</h1>;
}

afterEach(() => vi.unstubAllGlobals());

describe('a session that ends on the server', () => {
  it('sends the person from a protected page to /auth, with nothing of theirs left in the cache', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue' } }), {
            status: 401,
          }),
      ),
    );
    const client = createQueryClient();
    client.setQueryData(meKeys.me, nino);
    client.setQueryData(['campaigns'], ['theirs']);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/orders']}>
          <Routes>
            <Route path="/auth" element={<h1>Login page</h1>} />
            <Route
              path="/orders"
              element={
                <RequireSession>
                  <OrdersPage />
                </RequireSession>
              }
            />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(client.getQueryData(meKeys.me)).toBeNull();
    expect(client.getQueryData(['campaigns'])).toBeUndefined();
    expect((await screen.findAllByText('Your session has ended. Please log in again.')).length).toBeGreaterThan(0);
  });
});
