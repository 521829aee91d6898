// @vitest-environment jsdom
import type { PaymentDto } from '@app/shared/payments/payment.schemas';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '@/lib/router';
import { renderWithProviders } from '@/test/render';
import { PaymentReturn } from './payment-return';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const aPayment = (patch: Partial<PaymentDto> = {}): PaymentDto => ({
  id: 'p1',
  kind: 'preauth',
  status: 'pending',
  amountMinor: 15_000,
  redirectUrl: null,
  failure: null,
  message: null,
  orderId: 'o1',
  createdAt: '2026-11-24T10:00:00.000Z',
  ...patch,
});

function Address() {
  const { search } = useLocation();
  return <p data-testid="address">{search}</p>;
}

const held = (p: PaymentDto) => p.status === 'held';

afterEach(() => vi.unstubAllGlobals());

describe('PaymentReturn (back from the bank page opened in full)', () => {
  it('renders nothing and asks nothing without ?payment=', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { container } = renderWithProviders(<PaymentReturn succeeded={held} onSucceeded={() => {}} />, {
      route: '/campaigns/c1',
    });
    expect(container).toBeEmptyDOMElement();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('waits for the bank, then reports the success once and clears the parameter', async () => {
    const answers = [aPayment(), aPayment({ status: 'held' })];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(answers.length > 1 ? answers.shift() : answers[0])),
    );
    const onSucceeded = vi.fn();
    renderWithProviders(
      <>
        <PaymentReturn succeeded={held} onSucceeded={onSucceeded} />
        <Address />
      </>,
      { route: '/campaigns/c1?payment=p1&tab=x' },
    );
    expect(await screen.findByRole('status')).toHaveTextContent("Waiting for the bank's confirmation…");
    await vi.waitFor(() => expect(onSucceeded).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(screen.getByTestId('address')).toHaveTextContent('?tab=x');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("keeps a refusal on screen with the bank's message and leaves the parameter", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(aPayment({ status: 'failed', failure: 'declined', message: 'Your card was declined.' }))),
    );
    const onSucceeded = vi.fn();
    renderWithProviders(
      <>
        <PaymentReturn succeeded={held} onSucceeded={onSucceeded} />
        <Address />
      </>,
      { route: '/campaigns/c1?payment=p1' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(onSucceeded).not.toHaveBeenCalled();
    expect(screen.getByTestId('address')).toHaveTextContent('?payment=p1');
  });
});
