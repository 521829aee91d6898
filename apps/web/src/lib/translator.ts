// The app's translations without i18next (issue 28): what i18next 26 did for this app, and nothing else, so the shell
// chunk every page loads before it is live carries ~1 KB instead of i18next's ~15 KB. Behaviour follows i18next as
// this app configured it (fallbackLng 'en', escapeValue false, returnNull false, '.' and ':' separators); the
// catalogues use only what is here, which translator.test.ts checks, so a new catalogue feature fails a test before
// it reaches a screen:
// - nested keys `a.b.c`; a namespace from `{ ns }`, the fixed t's, or a `ns:key` prefix; the fallback to English for a
//   key the language lacks, then `defaultValue`, then the key itself;
// - plurals from `count`, by Intl.PluralRules of the language the text is found in (`key_zero` first when count is 0,
//   then `key_one`/`key_other`, then `key`);
// - `{{name}}` (and `{{a.b}}`) from the options, values as written (`count` too); a name the options lack stays as
//   written, as i18next's skipOnVariables left it;
// - `returnObjects` for the legal texts' arrays.
// Not here, because nothing uses them: nesting `$t(…)`, context, formatters `{{x, number}}`, ordinals, postProcess.

/** A namespace's texts: nested objects of strings (and, in the legal texts, arrays). */
export type Catalogue = { readonly [key: string]: unknown };

export interface TOptions {
  /** Picks the plural form, and is interpolated as `{{count}}`. */
  count?: number;
  /** What to show when no language has the key (interpolated like a text). */
  defaultValue?: string;
  /** The namespace to read, instead of the t's own. */
  ns?: string;
  /** The object or array at the key, as it is (the legal texts' paragraphs and sections). */
  returnObjects?: boolean;
  /** Values for `{{name}}`. */
  [name: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions | string): string;
}

export const FALLBACK_LANGUAGE = 'en';
export const DEFAULT_NAMESPACE = 'translation';

/** The catalogues, by language then namespace; one store is shared by an instance and its per-render copies. */
export type Store = Map<string, Map<string, Catalogue>>;

const rules = new Map<string, Intl.PluralRules>();
function pluralRule(language: string): Intl.PluralRules {
  let rule = rules.get(language);
  if (!rule) {
    rule = new Intl.PluralRules(language.replace('_', '-'));
    rules.set(language, rule);
  }
  return rule;
}

const own = (object: object, key: string) => Object.hasOwn(object, key);

/** The value at a dotted path; it does not step into strings (nor into what an object inherits), as i18next. */
function at(node: unknown, path: string): unknown {
  let value = node;
  for (const part of path.split('.')) {
    if (!value || typeof value !== 'object' || !own(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

// i18next reads `ns:key` as a namespace only when the key looks like a path, not like a sentence with a colon in it.
const SENTENCE = /[ ,?!;]/;
function looksLikePath(key: string): boolean {
  if (!SENTENCE.test(key)) return true;
  const dot = key.indexOf('.');
  return dot > 0 && !SENTENCE.test(key.slice(0, dot));
}

function splitNamespace(key: string, namespace: string): [string, string] {
  if (!key.includes(':') || !looksLikePath(key) || /\$t\(.*\)/.test(key)) return [namespace, key];
  const [first = '', ...rest] = key.split(':');
  return [first, rest.join('.')];
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** `{{name}}` (or `{{-name}}`, the same when nothing is escaped) from `values`; an absent name is left as written. */
export function interpolate(text: string, values: Record<string, unknown>): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = (inner.startsWith('-') ? inner.slice(1) : inner).trim();
    const value = own(values, name) ? values[name] : at(values, name);
    if (value === undefined) return own(values, name) ? '' : placeholder;
    return value === null ? '' : String(value);
  });
}

const found = (value: unknown) => value !== undefined && value !== null;
const isObject = (value: unknown) => typeof value === 'object' && value !== null;

/**
 * What a key without options reads as, per store, by language, namespace and key: a page's render asks for the same
 * texts again and again (every card its labels), and the lookup (the key split, the catalogue walked, the fallback to
 * English) was ~10 % of taking over /influencers at 4× CPU (issue 28 §2). Emptied when the store gains texts.
 */
const looked = new WeakMap<Store, Map<string, unknown>>();

/** Options that change only the values put into the text (`{{name}}`), not which text is read. */
function onlyValues(options: TOptions | string | undefined): options is TOptions | undefined {
  return (
    options === undefined ||
    (typeof options === 'object' &&
      options.count === undefined &&
      options.ns === undefined &&
      options.defaultValue === undefined &&
      !options.returnObjects)
  );
}

/**
 * Translates `key` in `language` (then English) from `store`: what i18next's `t` returns for the same catalogues.
 * `current` is the instance's language, which i18next names in its message about a key holding an object.
 */
export function translate(
  store: Store,
  language: string,
  rawKey: string,
  rawOptions: TOptions | string | undefined,
  fixedNamespace = DEFAULT_NAMESPACE,
  current = language,
): unknown {
  if (onlyValues(rawOptions)) {
    let texts = looked.get(store);
    if (!texts) {
      texts = new Map();
      looked.set(store, texts);
    }
    const id = `${language}\0${current}\0${fixedNamespace}\0${rawKey}`;
    let text = texts.get(id);
    if (text === undefined) {
      // Without values a text's placeholders stay as written, so the values can be put in afterwards.
      text = lookUp(store, language, rawKey, undefined, fixedNamespace, current);
      // Keys are the code's, a few hundred; a caller that made them from data could not grow this without end.
      if (texts.size >= 5000) texts.clear();
      texts.set(id, text);
    }
    return rawOptions && typeof text === 'string' ? interpolate(text, rawOptions) : text;
  }
  return lookUp(store, language, rawKey, rawOptions, fixedNamespace, current);
}

function lookUp(
  store: Store,
  language: string,
  rawKey: string,
  rawOptions: TOptions | string | undefined,
  fixedNamespace: string,
  current: string,
): unknown {
  const options: TOptions = typeof rawOptions === 'string' ? { defaultValue: rawOptions } : { ...rawOptions };
  const [namespace, key] = splitNamespace(rawKey, options.ns ?? fixedNamespace);
  const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  const plural = options.count !== undefined && typeof options.count !== 'string';

  let value: unknown;
  let usedKey = key;
  for (const code of languages) {
    const catalogue = store.get(code)?.get(namespace);
    const candidates = [key];
    if (plural) {
      candidates.unshift(`${key}_${pluralRule(code).select(options.count as number)}`);
      if (options.count === 0) candidates.unshift(`${key}_zero`);
    }
    for (const candidate of candidates) {
      value = at(catalogue, candidate);
      usedKey = candidate;
      if (found(value)) break;
    }
    if (found(value)) break;
  }

  if (isObject(value)) {
    if (!options.returnObjects) return `key '${key} (${current})' returned an object instead of string.`;
    // Each text inside is looked up (and interpolated) as a key of its own, so a language missing one falls back to
    // English for it alone, as i18next did.
    const base = Array.isArray(value) ? usedKey : key;
    const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
    for (const [name, inner] of Object.entries(value as object)) {
      const deepKey = `${base}.${name}`;
      const text = translate(store, language, deepKey, { ...options, ns: namespace }, namespace, current);
      (copy as Record<string, unknown>)[name] = text === deepKey ? inner : text;
    }
    return copy;
  }
  if (!found(value)) value = options.defaultValue ?? key;
  return typeof value === 'string' ? interpolate(value, options) : value;
}

/**
 * `from` merged into `into` (neither is changed); `overwrite` lets the new texts replace the old. Arrays are texts
 * here, replaced whole (i18next merged them index by index; no bundle with arrays is added twice).
 */
export function mergeCatalogue(into: Catalogue, from: Catalogue, overwrite: boolean): Catalogue {
  const merged: Record<string, unknown> = { ...into };
  for (const [name, value] of Object.entries(from)) {
    if (name === '__proto__' || name === 'constructor') continue;
    const old = merged[name];
    if (!own(merged, name)) merged[name] = value;
    else if (!isObject(old) || !isObject(value) || Array.isArray(old) || Array.isArray(value)) {
      if (overwrite) merged[name] = value;
    } else merged[name] = mergeCatalogue(old as Catalogue, value as Catalogue, overwrite);
  }
  return merged;
}

export type LanguageListener = (language: string) => void;

/** An app's (or a render's) translations: its language, `t` in it, and the catalogues it shares with its copies. */
export interface Translator {
  readonly language: string;
  /** `key` in the current language. */
  t: TFunction;
  /** A t that always reads `language` (the current one when none) and `namespace`. */
  getFixedT(language?: string | null, namespace?: string): TFunction;
  /** Switches the language and tells the subscribers (the catalogue must be added first). */
  changeLanguage(language: string): Promise<TFunction>;
  addResourceBundle(language: string, namespace: string, texts: Catalogue, deep?: boolean, overwrite?: boolean): void;
  hasResourceBundle(language: string, namespace: string): boolean;
  /** Calls `listener` after each change of language; returns the way to stop. */
  subscribe(listener: LanguageListener): () => void;
  /** A translator of its own language (a server render's), sharing these catalogues. */
  cloneInstance(options: { lng: string }): Translator;
}

export function createTranslator(options: {
  language: string;
  resources?: Record<string, Record<string, Catalogue>>;
  store?: Store;
}): Translator {
  const store: Store = options.store ?? new Map();
  for (const [language, namespaces] of Object.entries(options.resources ?? {}))
    for (const [namespace, texts] of Object.entries(namespaces)) add(language, namespace, texts, true, true);
  let language = options.language;
  const listeners = new Set<LanguageListener>();

  function add(lng: string, namespace: string, texts: Catalogue, deep = false, overwrite = false) {
    looked.delete(store);
    let namespaces = store.get(lng);
    if (!namespaces) {
      namespaces = new Map();
      store.set(lng, namespaces);
    }
    const old = namespaces.get(namespace);
    // Without `deep`, the new top-level entries replace the old ones whole, as in i18next.
    if (!old) namespaces.set(namespace, texts);
    else namespaces.set(namespace, deep ? mergeCatalogue(old, texts, overwrite) : { ...old, ...texts });
  }

  function getFixedT(lng?: string | null, namespace?: string): TFunction {
    return ((key: string, opts?: TOptions | string) =>
      translate(store, lng ?? language, key, opts, namespace, language)) as TFunction;
  }

  const translator: Translator = {
    get language() {
      return language;
    },
    t: ((key: string, opts?: TOptions | string) =>
      translate(store, language, key, opts, DEFAULT_NAMESPACE, language)) as TFunction,
    getFixedT,
    async changeLanguage(next) {
      if (next !== language) {
        language = next;
        for (const listener of [...listeners]) listener(next);
      }
      return getFixedT(next);
    },
    addResourceBundle: add,
    hasResourceBundle: (lng, namespace) => store.get(lng)?.has(namespace) ?? false,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    cloneInstance: ({ lng }) => createTranslator({ language: lng, store }),
  };
  return translator;
}
