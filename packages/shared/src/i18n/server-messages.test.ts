// Issue 26: every message the server and the shared schemas write in English has its Georgian, read statically from
// the sources so that a new refusal without a translation fails here rather than reaching a Georgian reader in English.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasTranslation, translateMessage } from './server-messages.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return ['test', 'emulators', 'node_modules'].includes(name) ? [] : files(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const LITERAL = String.raw`(['"\x60])((?:\\.|(?!\1).)*)\1`;
/** A template's ${…} (one level of braces inside) stands for a sample value. */
const sample = (text: string) => text.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, '7');
const isMessage = (text: string) => /^(?:[A-Z]|\$\{)/.test(text) && (text.includes(' ') || /^[A-Z][a-z]+$/.test(text));

/** The messages people can read: the server's refusals and the shared schemas' texts (route descriptions aside). */
function messages(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const path of files(join(ROOT, 'apps/server/src'))) {
    const code = readFileSync(path, 'utf8');
    const calls = [
      new RegExp(String.raw`new AppError\(\s*[^,]+?,\s*${LITERAL}`, 'gs'),
      new RegExp(String.raw`\b(?:notFound|forbidden|conflict)\(\s*(?:'[A-Z_]+',\s*)?${LITERAL}`, 'gs'),
    ];
    for (const re of calls)
      for (const m of code.matchAll(re)) {
        const text = m[2] ?? '';
        if (isMessage(text)) found.push({ file: relative(ROOT, path), text });
      }
  }
  const skip = new Set([
    'constants.ts',
    'format.ts',
    // Numbers, months and "how long ago" written out in each language, not messages.
    'ka-format.ts',
    'en-format.ts',
    'number-writer.ts',
    'dates.ts',
    'route.ts',
    'server-messages.ts',
    'server-messages-ka.ts',
    'message-translator.ts',
    'language.ts',
  ]);
  for (const path of files(join(ROOT, 'packages/shared/src'))) {
    const name = path.split('/').at(-1) ?? '';
    if (name.endsWith('.routes.ts') || skip.has(name)) continue;
    const code = readFileSync(path, 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
    for (const m of code.matchAll(new RegExp(LITERAL, 'g'))) {
      const text = m[2] ?? '';
      if (/^(?:[A-Z]|\$\{)/.test(text) && text.includes(' ')) found.push({ file: relative(ROOT, path), text });
    }
  }
  return found;
}

describe('the server’s messages in Georgian', () => {
  it('has every message the code writes (the scan finds them)', () => {
    const all = messages();
    expect(all.length).toBeGreaterThan(200);
    const missing = all.filter(({ text }) => !hasTranslation(sample(text))).map(({ file, text }) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('fills the varying parts, translating the names of things among them', () => {
    expect(translateMessage('Order not found', 'ka')).toBe('შეკვეთა ვერ მოიძებნა');
    expect(translateMessage('Last name is required', 'ka')).toBe('გვარი სავალდებულოა');
    expect(translateMessage('Too many attempts. Please wait 12 seconds and try again.', 'ka')).toBe(
      'ძალიან ბევრი მცდელობაა. გთხოვთ, დაელოდოთ 12 წამს და სცადოთ თავიდან.',
    );
  });

  it('translates a message made of known sentences, and leaves one with an unknown sentence whole in English', () => {
    expect(
      translateMessage(
        'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again. If you entered the right password, check your email for a link that signs you in now.',
        'ka',
      ),
    ).toBe(
      'ამ ანგარიშზე შესვლის ძალიან ბევრი წარუმატებელი მცდელობა იყო. გთხოვთ, დაელოდოთ 15 წუთს და სცადოთ თავიდან. თუ სწორი პაროლი შეიყვანეთ, ელფოსტა შეამოწმეთ: იქ ბმულია, რომელიც ახლავე შეგიყვანთ.',
    );
    const mixed = 'This order is already paid. Something nobody wrote.';
    expect(translateMessage(mixed, 'ka')).toBe(mixed);
  });

  it('keeps English exactly as written', () => {
    expect(translateMessage('Invalid email or password', 'en')).toBe('Invalid email or password');
  });
});
