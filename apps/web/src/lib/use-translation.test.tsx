// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import i18next, { type TFunction } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation } from './use-translation';

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {
      en: { translation: { hello: 'Hello, {{name}}', items_one: '{{count}} item', items_other: '{{count}} items' } },
      ka: { translation: { hello: 'გამარჯობა, {{name}}' }, legal: { title: 'პირობები' } },
    },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

const seen: TFunction[] = [];
function Greeting({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  seen.push(t);
  return (
    <p>
      {t('hello', { name })} · {t('items', { count: 2 })} · {i18n.language}
    </p>
  );
}

function Legal() {
  const { t } = useTranslation('legal');
  return <h1>{t('title')}</h1>;
}

describe('useTranslation', () => {
  it('translates with the provider’s instance, interpolation and plurals, on the server as in the browser', async () => {
    const i18n = await instance();
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <Greeting name="Nino" />
      </I18nextProvider>,
    );
    expect(html.replaceAll('<!-- -->', '')).toContain('Hello, Nino · 2 items · en');
  });

  it('redraws every component when the language changes, with one shared t per language', async () => {
    const i18n = await instance();
    seen.length = 0;
    render(
      <I18nextProvider i18n={i18n}>
        <Greeting name="Nino" />
        <Greeting name="Giorgi" />
      </I18nextProvider>,
    );
    expect(screen.getByText(/Hello, Nino/)).toBeTruthy();
    expect(seen[0]).toBe(seen[1]);

    await act(() => i18n.changeLanguage('ka'));
    expect(screen.getByText(/გამარჯობა, Nino/)).toBeTruthy();
    expect(screen.getByText(/გამარჯობა, Giorgi/)).toBeTruthy();
    // A key the Georgian catalogue lacks falls back to English, as before.
    expect(screen.getAllByText(/2 items · ka/)).toHaveLength(2);
    expect(seen.at(-1)).not.toBe(seen[0]);
  });

  it('reads a namespace when asked', async () => {
    const i18n = await instance();
    await i18n.changeLanguage('ka');
    render(
      <I18nextProvider i18n={i18n}>
        <Legal />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'პირობები' })).toBeTruthy();
  });
});
