// The server's messages in the reader's language (decision 034; the format is explained in message-translator.ts).
// The server loads the Georgian table up front; the web loads it with the Georgian catalogue (lib/i18n.ts).
import type { Language } from './language.ts';
import { messageTranslator } from './message-translator.ts';
import { KA } from './server-messages-ka.ts';

const ka = messageTranslator(KA);

/** `message` (written in English by the server or a shared schema) in `language`; unchanged when it has no entry. */
export function translateMessage(message: string, language: Language): string {
  return language === 'ka' ? ka.translate(message) : message;
}

/** Whether `message` has a Georgian entry (the drift check asks it of every message in the code). */
export const hasTranslation = (message: string): boolean => ka.has(message);
