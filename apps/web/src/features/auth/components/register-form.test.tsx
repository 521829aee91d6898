// @vitest-environment jsdom
import type { Category } from '@app/shared/categories/category.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RegisterForm } from './register-form';

const categories: Category[] = [
  { id: '0b9f3c1e-6a53-4b43-9b7e-6a0f4c2b1a01', name: 'Fashion & Style', description: null, offered: true },
  { id: '0b9f3c1e-6a53-4b43-9b7e-6a0f4c2b1a02', name: 'Technology', description: null, offered: true },
  { id: '0b9f3c1e-6a53-4b43-9b7e-6a0f4c2b1a03', name: 'Home & Garden', description: null, offered: false },
];

function renderForm(onRegistered = vi.fn()) {
  renderWithProviders(
    <RegisterForm
      signedIn={false}
      onRegistered={onRegistered}
      categories={{ items: categories, isLoading: false, isError: false, retry: vi.fn() }}
    />,
  );
  return { user: userEvent.setup(), onRegistered };
}

const submit = () => screen.getByRole('button', { name: 'Create account' });

afterEach(() => vi.unstubAllGlobals());

describe('RegisterForm', () => {
  it('keeps submit disabled until the terms are accepted, and says why', async () => {
    const { user } = renderForm();
    expect(submit()).toBeDisabled();
    expect(screen.getByText('Please agree to the terms and policies')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    expect(submit()).toBeEnabled();
    expect(screen.queryByText('Please agree to the terms and policies')).not.toBeInTheDocument();
  });

  it('links the terms and the privacy policy', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('asks an influencer for a category, offers only offered ones, and hides company ID', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    expect(screen.getByLabelText(/Company ID/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /I provide content services/ }));
    expect(screen.queryByLabelText(/Company ID/)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(
      screen.getByText('Please select at least one category that matches your content.', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Home & Garden' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Technology' }));
    expect(submit()).toBeEnabled();
  });

  it('sends the shared contract and puts server field errors on their fields', async () => {
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Invalid input',
            details: { fieldErrors: { mobile: ['Please enter a valid mobile number'] } },
          },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, onRegistered } = renderForm();

    await user.type(screen.getByLabelText('Email'), 'Nino@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Name'), 'Nino');
    await user.type(screen.getByLabelText('Last name'), 'Beridze');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(submit());

    expect(await screen.findByText('Please enter a valid mobile number')).toBeInTheDocument();
    expect(onRegistered).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/register');
    expect(JSON.parse(init.body)).toEqual({
      role: 'client',
      email: 'nino@example.com',
      password: 'secret123',
      name: 'Nino',
      lastname: 'Beridze',
      categoryIds: [],
      acceptTerms: true,
    });
  });
});
