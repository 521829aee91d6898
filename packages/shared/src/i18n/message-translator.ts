// The server's messages in Georgian (issue 26, decision 034). The API writes its refusals and the shared zod schemas'
// messages in English (the spec fixes many of them word for word); a person who reads Georgian sees them in Georgian:
// the server's error handler translates by the request's language, and the web's form fields translate what the same
// schemas say in the browser. Each entry is an English text with {{placeholders}} for the parts that vary; a captured
// part that is itself a known text (a field's or a record's name) is translated too. A message with no entry is
// translated sentence by sentence; one with an unknown sentence stays in English, whole. server-messages.test.ts
// fails when a message written in the server or the schemas has no entry here.
type Entry = { regex: RegExp; names: string[]; text: string };

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Compiled = { exact: Map<string, string>; patterns: Entry[] };

function compile(table: Record<string, string>): Compiled {
  const exact = new Map<string, string>();
  const patterns: Entry[] = [];
  for (const [english, text] of Object.entries(table)) {
    if (!english.includes('{{')) {
      exact.set(english, text);
      continue;
    }
    const names: string[] = [];
    const source = english
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return literally(part);
        names.push(name);
        return '(.*?)';
      })
      .join('');
    patterns.push({ regex: new RegExp(`^${source}$`, 's'), names, text });
  }
  // The most specific first: an entry with more fixed words wins over a looser one that also matches.
  patterns.sort((a, b) => b.regex.source.length - a.regex.source.length);
  return { exact, patterns };
}

function whole(message: string, catalogue: Compiled): string | null {
  const found = catalogue.exact.get(message);
  if (found !== undefined) return found;
  for (const { regex, names, text } of catalogue.patterns) {
    const match = regex.exec(message);
    if (!match) continue;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = match[names.indexOf(name) + 1] ?? '';
      return catalogue.exact.get(value) ?? whole(value, catalogue) ?? value;
    });
  }
  return null;
}

/** `message` in the catalogue's language, or null when it (or one of its sentences) has no entry. */
function find(message: string, catalogue: Compiled): string | null {
  const trimmed = message.trim();
  const all = whole(trimmed, catalogue);
  if (all !== null) return all;
  const sentences = trimmed.split(/(?<=[.!?])\s+/);
  if (sentences.length < 2) return null;
  const each = sentences.map((s) => whole(s, catalogue));
  return each.every((s) => s !== null) ? each.join(' ') : null;
}

/** A translator over one language's table: `translate` leaves a message with no entry as it is. */
export function messageTranslator(table: Record<string, string>) {
  const catalogue = compile(table);
  return {
    translate: (message: string) => find(message, catalogue) ?? message,
    has: (message: string) => find(message, catalogue) !== null,
  };
}
