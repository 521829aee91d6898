import { z } from 'zod';
import { emailField, meDto, mobileField, personName } from '../auth/auth.schemas.ts';

export const updateProfileInput = z.object({
  name: personName('Name'),
  lastname: personName('Last name'),
  mobile: mobileField,
  email: emailField,
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const updateProfileResponse = z.object({
  user: meDto,
  /** A new e-mail changes only once the link sent to it is opened (spec §5), whether or not the old one was verified. */
  emailChangePending: z.boolean(),
});

export const avatarResponse = z.object({ avatarUrl: z.string() });
