import { z } from 'zod';
import { emailField, meDto, mobileField } from '../auth/auth.schemas.ts';
import { LIMITS } from '../constants.ts';

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.nameMax, `${label} must be at most ${LIMITS.nameMax} characters`);

export const updateProfileInput = z.object({
  name: name('Name'),
  lastname: name('Last name'),
  mobile: mobileField,
  email: emailField,
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const updateProfileResponse = z.object({
  user: meDto,
  /** A verified account's new e-mail changes only once the link sent to it is opened. */
  emailChangePending: z.boolean(),
  /** An unverified account's e-mail changes at once (a typo at sign-up is fixable); a new link goes to it. */
  emailChanged: z.boolean(),
});

export const avatarResponse = z.object({ avatarUrl: z.string() });
