import { describe, expect, it } from 'vitest';
import { saveIbanInput } from './iban.schemas.ts';
import { formatIban, IBAN_MESSAGES, ibanProblem, normalizeIban } from './iban.ts';

const parse = (iban: string) => {
  const r = saveIbanInput.safeParse({ iban });
  return r.success ? { iban: r.data.iban } : { error: r.error.issues[0]?.message };
};

describe('IBAN (spec §5, plus the country format and the check digits)', () => {
  it('strips spaces and dashes and uppercases, then accepts real-format Georgian IBANs', () => {
    expect(normalizeIban(' ge29 nb00-0000 0101 9049 17 ')).toBe('GE29NB0000000101904917');
    expect(parse('ge29 NB00 0000 0101 9049 17')).toEqual({ iban: 'GE29NB0000000101904917' });
    // TBC Bank and Liberty Bank account formats (bank codes TB and LB), check digits computed per ISO 13616.
    expect(parse('GE79TB1100000036010121')).toEqual({ iban: 'GE79TB1100000036010121' });
    expect(parse('GE16LB0000000123456789')).toEqual({ iban: 'GE16LB0000000123456789' });
    expect(ibanProblem('DE89370400440532013000')).toBeNull();
  });

  it("shows groups of four, as the spec's Payment Methods does", () => {
    expect(formatIban('GE29NB0000000101904917')).toBe('GE29 NB00 0000 0101 9049 17');
  });

  it('refuses empty, too short and too long with the spec messages', () => {
    expect(parse('')).toEqual({ error: IBAN_MESSAGES.required });
    expect(parse('   ')).toEqual({ error: IBAN_MESSAGES.required });
    expect(parse('GE29NB00000')).toEqual({ error: 'Please enter a valid IBAN (15-34 characters)' });
    expect(parse(`GE29${'1'.repeat(31)}`)).toEqual({ error: 'Please enter a valid IBAN (15-34 characters)' });
  });

  it('refuses a typo by its check digits, and says so', () => {
    expect(parse('GE29NB0000000101904918')).toEqual({ error: IBAN_MESSAGES.checksum });
    expect(parse('GE28NB0000000101904917')).toEqual({ error: IBAN_MESSAGES.checksum });
  });

  it('refuses letters where the country has digits and digits where it has letters, even with right check digits', () => {
    // Check digits recomputed for each, so only the format is wrong.
    expect(parse('GE83NB000000010190491A')).toEqual({ error: IBAN_MESSAGES.format });
    expect(parse('GE301B0000000101904917')).toEqual({ error: IBAN_MESSAGES.format });
    expect(parse('GE37N10000000101904917')).toEqual({ error: IBAN_MESSAGES.format });
    expect(parse('GE29NB000000010190491')).toEqual({ error: IBAN_MESSAGES.format }); // a digit short for GE
  });

  it('refuses an unknown country and characters an IBAN never has', () => {
    expect(parse('XX29NB0000000101904917')).toEqual({ error: IBAN_MESSAGES.country });
    expect(parse('GE29NB00000001019049.7')).toEqual({ error: IBAN_MESSAGES.characters });
    expect(parse('GE29NB0000000101904917\u0000')).toEqual({ error: IBAN_MESSAGES.characters });
  });
});
