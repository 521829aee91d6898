/** "Nino" and "Beridze" → "Nino Beridze"; a missing part is left out rather than leaving a stray space. */
export function fullName(name?: string | null, lastname?: string | null): string {
  return [name, lastname].filter(Boolean).join(' ');
}
