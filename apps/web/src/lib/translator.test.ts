import { describe, expect, it, vi } from 'vitest';
import enLegal from '../locales/en/legal.json';
import en from '../locales/en/translation.json';
import kaLegal from '../locales/ka/legal.json';
import ka from '../locales/ka/translation.json';
import { createTranslator } from './translator';

function texts() {
  return createTranslator({
    language: 'en',
    resources: {
      en: {
        translation: {
          hello: 'Hello, {{name}}',
          both: '{{a}} and {{ b }}, {{a}} again',
          person: '{{who.name}} wrote',
          chat: { count_one: '{{count}} chat', count_other: '{{count}} chats' },
          offers_zero: 'No offers',
          offers_one: 'One offer',
          offers_other: '{{count}} offers',
          plain: 'Just text',
          onlyEnglish: 'Only in English',
          empty: '',
          group: { title: 'A group' },
        },
        legal: { title: 'Terms', intro: ['First {{name}}', 'Second'], sections: [{ id: 's1', title: 'One' }] },
      },
      ka: {
        translation: {
          hello: 'გამარჯობა, {{name}}',
          chat: { count_one: '{{count}} ჩატი', count_other: '{{count}} ჩატი' },
          offers_one: 'ერთი შეთავაზება',
          offers_other: '{{count}} შეთავაზება',
          plain: 'მხოლოდ ტექსტი',
        },
      },
    },
  });
}

describe('translator', () => {
  it('reads nested keys and interpolates values as written (nothing escaped), every occurrence', () => {
    const { t } = texts();
    expect(t('plain')).toBe('Just text');
    expect(t('group.title')).toBe('A group');
    expect(t('hello', { name: '<Nino & Co>' })).toBe('Hello, <Nino & Co>');
    expect(t('both', { a: 1, b: 'two' })).toBe('1 and two, 1 again');
    expect(t('person', { who: { name: 'Giorgi' } })).toBe('Giorgi wrote');
  });

  it('leaves a placeholder the options lack as written, and an empty one for a value given as undefined or null', () => {
    const { t } = texts();
    expect(t('hello')).toBe('Hello, {{name}}');
    expect(t('hello', { name: undefined })).toBe('Hello, ');
    expect(t('hello', { name: null })).toBe('Hello, ');
    // A value is not read for placeholders again.
    expect(t('hello', { name: '{{name}}' })).toBe('Hello, {{name}}');
  });

  it('picks English plurals by count, with _zero first for 0 when there is one, and interpolates count', () => {
    const { t } = texts();
    expect([0, 1, 2, 5, 21].map((count) => t('chat.count', { count }))).toEqual([
      '0 chats',
      '1 chat',
      '2 chats',
      '5 chats',
      '21 chats',
    ]);
    expect([0, 1, 2, 5].map((count) => t('offers', { count }))).toEqual([
      'No offers',
      'One offer',
      '2 offers',
      '5 offers',
    ]);
  });

  it('picks Georgian plurals by Georgian rules (one for 1, other else), and English _zero when Georgian has none', async () => {
    const i18n = texts();
    await i18n.changeLanguage('ka');
    expect([0, 1, 2, 5, 21].map((count) => i18n.t('chat.count', { count }))).toEqual([
      '0 ჩატი',
      '1 ჩატი',
      '2 ჩატი',
      '5 ჩატი',
      '21 ჩატი',
    ]);
    // i18next looked for key_zero, then key_other, then key in Georgian before English: 0 finds Georgian's other.
    expect([0, 1, 2, 5].map((count) => i18n.t('offers', { count }))).toEqual([
      '0 შეთავაზება',
      'ერთი შეთავაზება',
      '2 შეთავაზება',
      '5 შეთავაზება',
    ]);
  });

  it('falls back to English for a key Georgian lacks, then to defaultValue, then to the key', async () => {
    const i18n = texts();
    await i18n.changeLanguage('ka');
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
    expect(i18n.t('nowhere.at.all')).toBe('nowhere.at.all');
    expect(i18n.t('nowhere', { defaultValue: 'Shown {{n}}', n: 3 })).toBe('Shown 3');
    expect(i18n.t('nowhere', 'As default')).toBe('As default');
    expect(i18n.t('plain', { defaultValue: 'unused' })).toBe('მხოლოდ ტექსტი');
    // An empty text is a text.
    expect(i18n.t('empty', { defaultValue: 'unused' })).toBe('');
    // Nor does a key step into a string or into what an object inherits.
    expect(i18n.t('plain.length')).toBe('plain.length');
    expect(i18n.t('group.toString')).toBe('group.toString');
  });

  it('reads another namespace by option, by the fixed t, or by an ns: prefix', () => {
    const i18n = texts();
    const legal = i18n.getFixedT(null, 'legal');
    expect(legal('title')).toBe('Terms');
    expect(legal('plain', { ns: 'translation' })).toBe('Just text');
    expect(i18n.t('legal:title')).toBe('Terms');
    // A sentence with a colon is a key, not a namespace (the key comes back when missing).
    expect(i18n.t('Note: not a namespace')).toBe('Note: not a namespace');
    expect(i18n.t('missing:a.b')).toBe('a.b');
  });

  it('returns arrays and objects whole with returnObjects (each text interpolated), a sentence about it without', () => {
    const i18n = texts();
    const legal = i18n.getFixedT('en', 'legal');
    expect(legal('intro', { returnObjects: true, name: 'here' })).toEqual(['First here', 'Second']);
    expect(legal('sections', { returnObjects: true })).toEqual([{ id: 's1', title: 'One' }]);
    expect(i18n.t('group')).toBe("key 'group (en)' returned an object instead of string.");
  });

  it('tells subscribers about a change of language, until they unsubscribe', async () => {
    const i18n = texts();
    const heard = vi.fn();
    const stop = i18n.subscribe(heard);
    const t = await i18n.changeLanguage('ka');
    expect(heard).toHaveBeenCalledWith('ka');
    expect(i18n.language).toBe('ka');
    expect(t('plain')).toBe('მხოლოდ ტექსტი');
    stop();
    await i18n.changeLanguage('en');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('keeps a fixed t in its language, and a clone in its own while sharing the catalogues', async () => {
    const i18n = texts();
    const english = i18n.getFixedT('en');
    const clone = i18n.cloneInstance({ lng: 'ka' });
    expect(clone.t('plain')).toBe('მხოლოდ ტექსტი');
    expect(i18n.language).toBe('en');
    await i18n.changeLanguage('ka');
    expect(english('plain')).toBe('Just text');
    i18n.addResourceBundle('ka', 'legal', { title: 'პირობები' });
    expect(clone.getFixedT(null, 'legal')('title')).toBe('პირობები');
    expect(clone.hasResourceBundle('ka', 'legal')).toBe(true);
    expect(clone.hasResourceBundle('ka', 'other')).toBe(false);
  });

  it('merges a bundle into the namespace deeply, the new texts winning with overwrite', () => {
    const i18n = texts();
    i18n.addResourceBundle('en', 'translation', { group: { extra: 'More' }, plain: 'New' }, true, false);
    expect(i18n.t('group.title')).toBe('A group');
    expect(i18n.t('group.extra')).toBe('More');
    expect(i18n.t('plain')).toBe('Just text');
    i18n.addResourceBundle('en', 'translation', { plain: 'New' }, true, true);
    expect(i18n.t('plain')).toBe('New');
  });
});

// The translator does what these catalogues use and no more: a text that needs more fails here, not on a screen.
describe('the catalogues use only what the translator does', () => {
  function leaves(node: unknown, path = ''): [string, unknown][] {
    if (node === null || typeof node !== 'object') return [[path, node]];
    return Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  }
  const all = [en, ka, enLegal, kaLegal].flatMap((catalogue) => leaves(catalogue));

  it('has plain {{name}} placeholders only: no formatters, no unescaped values, no nesting', () => {
    for (const [path, text] of all) {
      expect(typeof text, path).toBe('string');
      for (const [, inner] of String(text).matchAll(/\{\{(.+?)\}\}/g)) expect(inner, path).toMatch(/^\w+$/);
      expect(String(text), path).not.toContain('$t(');
    }
  });

  it('has _one and _other plurals only, and no names with a separator in them', () => {
    for (const [path] of all)
      for (const name of path.split('.')) expect(name, path).not.toMatch(/[:]|###|_(zero|two|few|many|ordinal)(_|$)/);
    // A name holding a dot would read as two levels: leaves() joins names with dots, so count them instead.
    const names = (node: unknown): string[] =>
      node && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => [k, ...names(v)]) : [];
    for (const catalogue of [en, ka, enLegal, kaLegal])
      expect(names(catalogue).filter((k) => k.includes('.'))).toEqual([]);
  });

  it('has markup only in the one text that Trans draws', () => {
    const marked = all.filter(([, text]) => /<\/?\w+>/.test(String(text))).map(([path]) => path);
    expect(new Set(marked)).toEqual(new Set(['auth.register.terms']));
  });
});
