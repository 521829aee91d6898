// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ResendVerificationForm } from './resend-verification-form';

afterEach(() => vi.unstubAllGlobals());

describe('ResendVerificationForm', () => {
  it("puts the server's message for the address on the email field", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: {
                code: 'VALIDATION_ERROR',
                message: 'Please enter a valid email address',
                details: { fieldErrors: { email: ['Please enter a valid email address'] } },
              },
            }),
            { status: 400 },
          ),
      ),
    );
    const onSent = vi.fn();
    renderWithProviders(<ResendVerificationForm defaultEmail="nino@example.com" onSent={onSent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send verification email' }));
    const email = screen.getByLabelText('Send the new link to');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(onSent).not.toHaveBeenCalled();
  });
});
