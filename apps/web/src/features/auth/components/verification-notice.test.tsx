// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { readVerificationHash, VerificationNotice } from './verification-notice';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('VerificationNotice', () => {
  it('explains an expired link, offers the resend form and clears the hash', async () => {
    window.history.replaceState(
      null,
      '',
      '/auth#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    renderWithProviders(<VerificationNotice />);
    expect(
      screen.getByText('Your verification link has expired. Please request a new verification email below.'),
    ).toBeInTheDocument();
    // The form's code is loaded when it is shown.
    expect(
      await screen.findByRole('button', { name: 'Send verification email' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.hash).toBe('');
  });

  it("shows another error's own description, with the resend form too", async () => {
    window.history.replaceState(
      null,
      '',
      '/auth#error=access_denied&error_code=invalid_token&error_description=Link+already+used',
    );
    renderWithProviders(<VerificationNotice />);
    expect(screen.getByText('Link already used')).toBeInTheDocument();
    // The form's code is loaded when it is shown.
    expect(
      await screen.findByRole('button', { name: 'Send verification email' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('reads the hash', () => {
    expect(
      readVerificationHash('#error=access_denied&error_code=invalid_token&error_description=Link+already+used'),
    ).toEqual({ kind: 'error', description: 'Link already used', resend: true });
    expect(readVerificationHash('#verified=email')).toEqual({ kind: 'confirmed', change: false });
    expect(readVerificationHash('#verified=email_change')).toEqual({ kind: 'confirmed', change: true });
    expect(readVerificationHash('#verified=bogus')).toBeNull();
    expect(readVerificationHash('')).toBeNull();
  });

  it('confirms an address opened outside the signed-in browser and asks to sign in, with no resend form', () => {
    window.history.replaceState(null, '', '/auth#verified=email');
    renderWithProviders(<VerificationNotice />);
    expect(screen.getByRole('status')).toHaveTextContent('Your email address is confirmed. Sign in to continue.');
    expect(screen.queryByRole('button', { name: 'Send verification email' })).not.toBeInTheDocument();
    expect(window.location.hash).toBe('');
  });

  it('explains a spent sign-in link without offering a verification email (it would not help)', () => {
    window.history.replaceState(
      null,
      '',
      `/auth#${new URLSearchParams({
        error: 'access_denied',
        error_code: 'sign_in_link_invalid',
        error_description: 'This sign-in link is no longer valid: each link works once, for 15 minutes.',
      })}`,
    );
    renderWithProviders(<VerificationNotice />);
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in link is no longer valid');
    expect(screen.queryByRole('button', { name: 'Send verification email' })).not.toBeInTheDocument();
    expect(readVerificationHash('#error=access_denied&error_code=account_deactivated&error_description=x')).toEqual({
      kind: 'error',
      description: 'x',
      resend: false,
    });
  });

  it('says an address taken by another account was not changed, without offering a new link', () => {
    window.history.replaceState(
      null,
      '',
      '/auth#error=access_denied&error_code=email_taken&error_description=This+email+address+is+already+used',
    );
    renderWithProviders(<VerificationNotice />);
    expect(screen.getByRole('alert')).toHaveTextContent('This email address is already used');
    expect(screen.queryByRole('button', { name: 'Send verification email' })).not.toBeInTheDocument();
  });
});
