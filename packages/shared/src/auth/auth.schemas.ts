import { z } from 'zod';
import { isInvisible, stripBidiControls } from '../common/text.ts';
import { DEACTIVATION_PHRASE, LIMITS, ROLES, SIGNUP_ROLES } from '../constants.ts';
import { language } from '../i18n/language.schema.ts';

export const MESSAGES = {
  required: 'Please fill in all required fields',
  terms: 'Please agree to the terms and policies',
  category: 'Please select at least one category that matches your content.',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  loginRequired: 'You must provide either an email or phone number and a password',
  passwordMin: 'Password must be at least 6 characters long',
  passwordFields: 'Please fill in all password fields',
  passwordMismatch: "New passwords don't match",
  deactivationPhrase: `Please type "${DEACTIVATION_PHRASE}" to confirm`,
  companyIdClientsOnly: 'Company ID can only be given by clients',
} as const;

export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  .max(LIMITS.emailMax)
  .pipe(z.email(MESSAGES.emailInvalid));

export const passwordField = z
  .string({ error: MESSAGES.passwordMin })
  .min(LIMITS.passwordMin, MESSAGES.passwordMin)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters long`);

/** Required; bidi overrides removed and invisible-only text counted as blank (common/text.ts). */
export const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(stripBidiControls)
    .trim()
    .refine((v) => !isInvisible(v), `${label} is required`)
    .max(LIMITS.nameMax, `${label} must be at most ${LIMITS.nameMax} characters`);

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const mobileField = optionalText(LIMITS.mobileMax, 'Mobile').refine(
  (v) => v === null || /^\+?[0-9 ()-]{6,}$/.test(v),
  'Please enter a valid mobile number',
);

export const registerInput = z
  .object({
    role: z.enum(SIGNUP_ROLES, { error: 'Please choose an account type' }),
    email: emailField,
    password: passwordField,
    name: personName('Name'),
    lastname: personName('Last name'),
    mobile: mobileField,
    companyId: optionalText(LIMITS.companyIdMax, 'Company ID'),
    categoryIds: z.array(z.uuid('Unknown category')).max(15).default([]),
    acceptTerms: z.literal(true, { error: MESSAGES.terms }),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'influencer' && v.companyId) {
      ctx.addIssue({ code: 'custom', path: ['companyId'], message: MESSAGES.companyIdClientsOnly });
    }
    if (v.role === 'influencer' && v.categoryIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['categoryIds'], message: MESSAGES.category });
    }
  });
export type RegisterInput = z.input<typeof registerInput>;

export const signInInput = z.object({
  email: z.string({ error: MESSAGES.loginRequired }).trim().toLowerCase().min(1, MESSAGES.loginRequired),
  password: z.string({ error: MESSAGES.loginRequired }).min(1, MESSAGES.loginRequired),
});
export type SignInInput = z.infer<typeof signInInput>;

export const resendVerificationInput = z.object({ email: emailField });

export const changePasswordInput = z.object({
  currentPassword: z.string({ error: MESSAGES.passwordFields }).min(1, MESSAGES.passwordFields),
  newPassword: passwordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const deactivateInput = z.object({
  confirmation: z.literal(DEACTIVATION_PHRASE, { error: MESSAGES.deactivationPhrase }),
});

/** What the app knows about the signed-in person; never carries secrets. */
export const meDto = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES).nullable(),
  profileId: z.string().nullable(),
  name: z.string(),
  lastname: z.string(),
  mobile: z.string().nullable(),
  companyId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isOnboarded: z.boolean().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** The language the person chose (issue 26), or null: then their browser's (cookie, Accept-Language) applies. */
  language: language.nullable(),
});
export type Me = z.infer<typeof meDto>;

export const setLanguageInput = z.object({ language });
export type SetLanguageInput = z.infer<typeof setLanguageInput>;

export const meResponse = z.object({ user: meDto });
/** Who is signed in on this browser, if anyone: a normal state, so 200 either way (no console noise). */
export const sessionResponse = z.object({ user: meDto.nullable() });
export const okResponse = z.object({ ok: z.literal(true) });

/**
 * Deactivation refused (issue 23 §2): 409 ACCOUNT_HAS_OPEN_ORDERS with these in `details.orders`, the orders to finish
 * or cancel first (an influencer's work in progress, submitted or disputed; a client's held payment).
 */
export const OPEN_ORDERS_MESSAGE = 'Finish or cancel these orders before you deactivate your account.';
export const openOrderItem = z.object({
  id: z.string(),
  campaignId: z.string(),
  title: z.string(),
  stage: z.string(),
});
export type OpenOrderItem = z.infer<typeof openOrderItem>;
