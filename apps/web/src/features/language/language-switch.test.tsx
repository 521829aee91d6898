// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { applyLanguage } from '@/lib/i18n';
import { meKeys } from '@/lib/session-cache';
import { useTranslation } from '@/lib/use-translation';
import { aPerson } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { LanguageSwitch } from './language-switch';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('LanguageSwitch (issue 26)', () => {
  it('switches the screen to Georgian at once, says so on <html lang>, and has the server keep it', async () => {
    const fetch = vi.fn(async () => json({ language: 'ka' }));
    vi.stubGlobal('fetch', fetch);
    const { queryClient } = renderWithProviders(
      <>
        <LanguageSwitch />
        <Probe />
      </>,
      { prepare: (c) => c.setQueryData(meKeys.me, aPerson({ language: 'en' })) },
    );
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('probe')).toHaveTextContent('Settings');
    await userEvent.click(screen.getByRole('button', { name: 'ქართული' }));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('პარამეტრები'));
    expect(document.documentElement.lang).toBe('ka');
    expect(screen.getByRole('button', { name: 'ქართული' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/language');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ language: 'ka' });
    await waitFor(() => expect(queryClient.getQueryData<{ language: string }>(meKeys.me)?.language).toBe('ka'));
  });

  it('uses the Georgian plural rules of Intl.PluralRules: one and other', async () => {
    await applyLanguage('ka');
    expect(new Intl.PluralRules('ka').resolvedOptions().pluralCategories).toEqual(['one', 'other']);
    expect(i18n.t('chat.count', { count: 1 })).toBe('1 ჩატი');
    expect(i18n.t('chat.count', { count: 21 })).toBe('21 ჩატი');
  });
});

function Probe() {
  const { t } = useTranslation();
  return <p data-testid="probe">{t('settings.title')}</p>;
}
