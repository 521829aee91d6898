import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/shared/i18n/language';
import { messageTranslator } from '@app/shared/i18n/message-translator';
import en from '../locales/en/translation.json';
import { type Catalogue, createTranslator, type Translator } from './translator';

export type { TFunction } from './translator';
/** The app's translations, or a server render's own (entry-server.tsx). */
export type I18n = Translator;

// One catalogue per language for every user-facing text (issue 26, decision 034). English ships with the app; the
// Georgian catalogue is its own chunk, loaded before the first render for a person who reads Georgian (boot.tsx), so
// an English reader downloads none of it. Plurals follow Intl.PluralRules: Georgian has `one` and `other`, as English.
// Large namespaces (the legal texts) are added by their lazy route with i18n.addResourceBundle. The translator is the
// app's own (lib/translator.ts), i18next's behaviour for what these catalogues use, at a fraction of its size.
const i18n = createTranslator({ language: DEFAULT_LANGUAGE, resources: { en: { translation: en } } });

const catalogues: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  ka: () => import('../locales/ka/translation.json'),
};

// The shared schemas' and the server's messages in each language (decision 034), loaded with the catalogue.
const messageTables: Record<Exclude<Language, 'en'>, () => Promise<Record<string, string>>> = {
  ka: () => import('@app/shared/i18n/server-messages-ka').then((m) => m.KA),
};
const messageTranslators = new Map<Language, ReturnType<typeof messageTranslator>>();

/** A shared schema's English message in `language`, once its catalogue is loaded (else as written). */
export function schemaMessage(message: string, language: Language): string {
  return messageTranslators.get(language)?.translate(message) ?? message;
}

/** The language's catalogue, loaded once (English is always there). */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || (i18n.hasResourceBundle(language, 'translation') && messageTranslators.has(language)))
    return;
  const [{ default: texts }, table] = await Promise.all([catalogues[language](), messageTables[language]()]);
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  messageTranslators.set(language, messageTranslator(table));
}

/**
 * Switches the app to `language` once its catalogue is here, and says so on <html lang> (screen readers, hyphenation,
 * the font). `instance` is the render's own on the server; the browser has one.
 */
export async function applyLanguage(language: Language, instance: I18n = i18n): Promise<void> {
  await loadLanguage(language);
  if (instance.language !== language) await instance.changeLanguage(language);
  // Only when it differs: setting <html lang>, even to the same value, makes the browser recompute every element's
  // style (the :lang() pseudo-class), 28 ms of a phone's main thread at 4× CPU on /influencers before it was live.
  if (typeof document !== 'undefined' && document.documentElement.lang !== language) {
    document.documentElement.lang = language;
  }
}

/** The language the server rendered the page (or the entry) in: <html lang>, which it wrote for this person. */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

export default i18n;
