// Text rules every person-facing field shares: what counts as blank, and which characters a name or title may not
// carry.

/**
 * Bidirectional embedding, override and isolate controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI). An RLO in a
 * name or title reverses what follows it on screen ("gepj.exe" shown as "exe.jpeg"), so names and titles lose them.
 * The marks LRM/RLM stay: they only nudge neutral characters and are legitimate in mixed Georgian/English text.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** White space and characters that draw nothing (zero-width space and joiners, word joiner, BOM, soft hyphen…). */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

export function stripBidiControls(s: string): string {
  return s.replace(BIDI_CONTROLS, '');
}

/** True when nothing of `s` would show: empty, spaces, or only invisible characters. */
export function isInvisible(s: string): boolean {
  return s.replace(INVISIBLE, '').length === 0;
}
