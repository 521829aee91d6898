// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator, type TFunction } from './translator';
import { TranslatorProvider, useTranslation } from './use-translation';

async function instance() {
  return createTranslator({
    language: 'en',
    resources: {
      en: { translation: { hello: 'Hello, {{name}}', items_one: '{{count}} item', items_other: '{{count}} items' } },
      ka: { translation: { hello: 'გამარჯობა, {{name}}' }, legal: { title: 'პირობები' } },
    },
  });
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
      <TranslatorProvider i18n={i18n}>
        <Greeting name="Nino" />
      </TranslatorProvider>,
    );
    expect(html.replaceAll('<!-- -->', '')).toContain('Hello, Nino · 2 items · en');
  });

  it('redraws every component when the language changes, with one shared t per language', async () => {
    const i18n = await instance();
    seen.length = 0;
    render(
      <TranslatorProvider i18n={i18n}>
        <Greeting name="Nino" />
        <Greeting name="Giorgi" />
      </TranslatorProvider>,
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
      <TranslatorProvider i18n={i18n}>
        <Legal />
      </TranslatorProvider>,
    );
    expect(screen.getByRole('heading', { name: 'პირობები' })).toBeTruthy();
  });
});
