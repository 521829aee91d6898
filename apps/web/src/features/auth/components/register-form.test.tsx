// @vitest-environment jsdom
import type { Category } from '@app/shared/categories/category.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPerson } from '@/test/fixtures';
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
      onRegistered={onRegistered}
      categories={{ items: categories, isLoading: false, isError: false, retrying: false, retry: vi.fn() }}
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

  it('links the terms and the privacy policy in a new tab, so the half-filled form stays', () => {
    renderForm();
    for (const [name, href] of [
      ['Terms of Service', '/terms-of-service'],
      ['Privacy Policy', '/privacy-policy'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleDescription('(opens in a new tab)');
    }
    // The hint describes the links; the checkbox's name stays one sentence.
    expect(
      screen.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }),
    ).toBeInTheDocument();
  });

  it('marks the chosen account type with a check mark, not by colour alone', async () => {
    const { user } = renderForm();
    const client = screen.getByRole('radio', { name: /I need marketing services/ });
    const influencer = screen.getByRole('radio', { name: /I provide content services/ });
    expect(client.closest('label')?.querySelector('[data-testid="role-selected"]')).not.toBeNull();
    expect(influencer.closest('label')?.querySelector('[data-testid="role-selected"]')).toBeNull();
    await user.click(influencer);
    expect(client.closest('label')?.querySelector('[data-testid="role-selected"]')).toBeNull();
    expect(influencer.closest('label')?.querySelector('[data-testid="role-selected"]')).not.toBeNull();
  });

  it('names each password toggle after its field and ties it to the box', async () => {
    const { user } = renderForm();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    const input = screen.getByLabelText('Password');
    expect(toggle).toHaveAttribute('aria-controls', input.id);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Show password');
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
      // Empty optional boxes go as the shared schema parses them: null.
      mobile: null,
      companyId: null,
      categoryIds: [],
      acceptTerms: true,
    });
  });

  it('sends nothing given for the other account type: switching empties company ID and categories', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ user: aPerson() }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, onRegistered } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'nino@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Name'), 'Nino');
    await user.type(screen.getByLabelText('Last name'), 'Beridze');
    await user.type(screen.getByLabelText(/Company ID/), 'GE-123');
    await user.click(screen.getByRole('radio', { name: /I provide content services/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Technology' }));
    await user.click(screen.getByRole('radio', { name: /I need marketing services/ }));
    expect(screen.getByLabelText(/Company ID/)).toHaveValue('');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(submit());
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ role: 'client', companyId: null, categoryIds: [] });
  });

  it('stays busy after a successful sign-up while the full page load of / is on its way (no double submit)', async () => {
    const created = aPerson({ emailVerified: false, isOnboarded: false });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ user: created }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, onRegistered } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'nino@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Name'), 'Nino');
    await user.type(screen.getByLabelText('Last name'), 'Beridze');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(submit());
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Creating account...' }));
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
