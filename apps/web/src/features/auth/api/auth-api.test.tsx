// @vitest-environment jsdom
import type { Me } from '@app/shared/auth/auth.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '@/lib/router';
import { meKeys } from '@/lib/session-cache';
import { aPerson } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { useRegister, useSignIn } from './auth-api';

const person = (name: string): Me => aPerson({ id: `id-${name}`, email: `${name.toLowerCase()}@example.com`, name });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch whose answer the test gives later. */
function heldFetch() {
  let answer!: (res: Response) => void;
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: (res: Response) => answer(res) };
}

afterEach(() => vi.unstubAllGlobals());

function SignInHarness() {
  const signIn = useSignIn();
  const { pathname } = useLocation();
  return (
    <>
      <p data-testid="path">{pathname}</p>
      <button type="button" onClick={() => signIn.mutate({ email: 'ana@example.com', password: 'secret1' })}>
        sign in
      </button>
    </>
  );
}

describe('useSignIn', () => {
  it('drops everything cached for the previous person, seeds the new session and goes to /', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ user: person('Ana') })),
    );
    const { queryClient } = renderWithProviders(<SignInHarness />, {
      route: '/auth',
      prepare: (client) => {
        client.setQueryData(meKeys.me, null);
        client.setQueryData(['campaigns', 'list'], [{ id: 'someone-elses' }]);
        client.setQueryData(['chat', 'unread-count'], { count: 7 });
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/));
    expect(queryClient.getQueryData<Me>(meKeys.me)?.name).toBe('Ana');
    expect(queryClient.getQueryData(['campaigns', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(['chat', 'unread-count'])).toBeUndefined();
  });
});

function RegisterHarness({ onRegistered }: { onRegistered?: () => void }) {
  const registerMutation = useRegister({ onRegistered });
  const send = () =>
    registerMutation.mutate({
      role: 'client',
      email: 'ana@example.com',
      password: 'secret1',
      name: 'Ana',
      lastname: 'Beridze',
      categoryIds: [],
      acceptTerms: true,
    });
  return (
    <button type="button" onClick={send}>
      register
    </button>
  );
}

describe('useRegister', () => {
  it('sends only the sign-up (the server signs the old session out) and redirects even after unmounting', async () => {
    const { fetchMock, answer } = heldFetch();
    const onRegistered = vi.fn();
    const { unmount } = renderWithProviders(<RegisterHarness onRegistered={onRegistered} />, {
      prepare: (client) => client.setQueryData(meKeys.me, person('Nino')),
    });
    await userEvent.click(screen.getByRole('button', { name: 'register' }));
    unmount(); // e.g. the person switched to the Login tab while waiting
    answer(json({ user: person('Ana') }, 201));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]).toEqual(['/api/auth/register', expect.objectContaining({ method: 'POST' })]);
  });

  it('asks again who is signed in when it fails while someone was, so a dead session is not kept', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ error: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists' } }, 409),
      ),
    );
    const { queryClient } = renderWithProviders(<RegisterHarness onRegistered={vi.fn()} />, {
      prepare: (client) => client.setQueryData(meKeys.me, person('Nino')),
    });
    await userEvent.click(screen.getByRole('button', { name: 'register' }));
    await waitFor(() => expect(queryClient.getQueryState(meKeys.me)?.isInvalidated).toBe(true));
  });
});
