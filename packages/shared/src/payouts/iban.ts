// The IBAN an influencer is paid to (spec §5): spaces stripped and uppercased, 15–34 characters, shown in groups of 4,
// and beyond the spec the country's format and the check digits (ISO 13616) checked with ibantools, so a typo is
// caught while the person is still typing, not by the bank a month later.
import { electronicFormatIBAN, friendlyFormatIBAN, ValidationErrorsIBAN, validateIBAN } from 'ibantools';
import { LIMITS } from '../constants.ts';

export const IBAN_MESSAGES = {
  required: 'Please enter a valid IBAN',
  length: `Please enter a valid IBAN (${LIMITS.ibanMin}-${LIMITS.ibanMax} characters)`,
  characters: 'An IBAN has only letters and digits.',
  country: 'This IBAN does not start with the code of a country that uses IBANs (GE for Georgia).',
  format: "This IBAN does not follow its country's format. Please copy it from your bank statement or app.",
  checksum: "This IBAN's check digits do not match the rest: please look for a typo.",
} as const;

/** Spaces (and the dashes some banks print) removed, uppercased: the form we store and send to the bank. */
export function normalizeIban(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Groups of four for reading: GE29 NB00 0000 0101 9049 17. */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(electronicFormatIBAN(iban) ?? iban) ?? iban;
}

/** An IBAN as mail shows it (issue 24 §3): its last four characters only, so a forwarded statement gives nothing away. */
export function maskIban(iban: string): string {
  const plain = electronicFormatIBAN(iban) ?? iban.replace(/\s/g, '');
  return `•••• ${plain.slice(-4)}`;
}

/** The bank's national format for Georgia is 2 letters (the bank) and 16 digits; ibantools admits any 2 characters. */
const GEORGIAN = /^GE\d{2}[A-Z]{2}\d{16}$/;

/** The message for what is wrong with an IBAN (already normalized), or null when it is valid. */
export function ibanProblem(iban: string): string | null {
  if (iban === '') return IBAN_MESSAGES.required;
  if (!/^[A-Z0-9]+$/.test(iban)) return IBAN_MESSAGES.characters;
  if (iban.length < LIMITS.ibanMin || iban.length > LIMITS.ibanMax) return IBAN_MESSAGES.length;
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return IBAN_MESSAGES.country;
  if (
    errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength) ||
    errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat) ||
    (iban.startsWith('GE') && !GEORGIAN.test(iban))
  ) {
    return IBAN_MESSAGES.format;
  }
  if (errorCodes.length > 0) return IBAN_MESSAGES.checksum;
  return null;
}
