import { type Language, languageOr } from '@app/shared/i18n/language';

/** A push's words for a new chat message, in the reader's language. */
const MESSAGE = {
  en: { title: 'New message', file: '📎 A file' },
  ka: { title: 'ახალი შეტყობინება', file: '📎 ფაილი' },
} satisfies Record<Language, { title: string; file: string }>;

export function messagePush(language: string | null | undefined, content: string | null) {
  const t = MESSAGE[languageOr(language)];
  const text = content?.trim() ? content.trim() : t.file;
  return { title: t.title, body: text.length > 140 ? `${text.slice(0, 139)}…` : text };
}
