// Test cards of the emulator's hosted page (the common convention), and the checks a card form makes.
// Card numbers live only in the request that carries them: the order keeps the masked number, type and expiry.

export type CardType = 'visa' | 'mc' | 'amex';

/** What a card does when it is first paid with, and later (paying with it as a saved card, approving its hold). */
export type CardBehaviour = {
  first: 'approve' | 'decline' | 'insufficient_funds' | 'three_ds';
  later: 'approve' | 'reject' | 'three_ds';
};

export type TestCard = { number: string; label: string; behaviour: CardBehaviour };

export const TEST_CARDS: TestCard[] = [
  { number: '4111111111111111', label: 'Visa: succeeds', behaviour: { first: 'approve', later: 'approve' } },
  { number: '5555555555554444', label: 'Mastercard: succeeds', behaviour: { first: 'approve', later: 'approve' } },
  { number: '378282246310005', label: 'American Express: succeeds', behaviour: { first: 'approve', later: 'approve' } },
  { number: '4000000000000002', label: 'Declined (112)', behaviour: { first: 'decline', later: 'reject' } },
  {
    number: '4000000000009995',
    label: 'Insufficient funds (107)',
    behaviour: { first: 'insufficient_funds', later: 'reject' },
  },
  { number: '4000000000003220', label: '3-D Secure step', behaviour: { first: 'three_ds', later: 'three_ds' } },
  {
    number: '4000000000000341',
    label: 'Succeeds, later operations refused',
    behaviour: { first: 'approve', later: 'reject' },
  },
];

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardType(digits: string): CardType | null {
  if (/^3[47]\d{13}$/.test(digits)) return 'amex';
  if (/^4\d{12}(\d{3}){0,2}$/.test(digits)) return 'visa';
  if (/^(5[1-5]\d{2}|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)\d{12}$/.test(digits)) return 'mc';
  return null;
}

/** As the bank's receipts show it: first six, x for the middle, last four ("411111xxxxxx1111"). */
export const maskPan = (digits: string) => `${digits.slice(0, 6)}${'x'.repeat(digits.length - 10)}${digits.slice(-4)}`;

export type CardField = 'card_number' | 'expiry' | 'cvc';
export type CardProblem = 'card_invalid' | 'card_not_test' | 'expiry_format' | 'cvc_format' | 'cvc_format_amex';

export type CheckedCard = {
  type: CardType;
  masked: string;
  /** "MM/YY" */
  expiry: string;
  /** The last instant the card is valid: the end of its expiry month (UTC). */
  validUntil: number;
  behaviour: CardBehaviour;
};

/** Checks the form's three fields; a Luhn-valid number that is not a test card is refused with a pointer to the list. */
export function checkCard(input: {
  number: string;
  expiry: string;
  cvc: string;
}): { ok: true; card: CheckedCard } | { ok: false; problems: Partial<Record<CardField, CardProblem>> } {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  const digits = input.number.replace(/[\s-]/g, '');
  const type = /^\d{12,19}$/.test(digits) && luhnValid(digits) ? cardType(digits) : null;
  const test = TEST_CARDS.find((c) => c.number === digits);
  if (!type) problems.card_number = 'card_invalid';
  else if (!test) problems.card_number = 'card_not_test';
  const expiry = /^\s*(\d{2})\s*\/?\s*(\d{2})\s*$/.exec(input.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) problems.expiry = 'expiry_format';
  const cvcLength = type === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) {
    problems.cvc = type === 'amex' ? 'cvc_format_amex' : 'cvc_format';
  }
  if (!type || !test || !expiry || problems.expiry || problems.cvc) return { ok: false, problems };
  const year = 2000 + Number(expiry[2]);
  return {
    ok: true,
    card: {
      type,
      masked: maskPan(digits),
      expiry: `${expiry[1]}/${expiry[2]}`,
      validUntil: Date.UTC(year, month, 1) - 1,
      behaviour: test.behaviour,
    },
  };
}
