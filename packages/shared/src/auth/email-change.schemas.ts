// An e-mail change waiting for its link (issue 27): the profile shows it with Resend and Cancel.
import { z } from 'zod';

export const emailChangeResponse = z.object({
  /** The address the link was sent to; null when no change is waiting. */
  pendingEmail: z.string().nullable(),
  requestedAt: z.string().nullable(),
});
export type EmailChangeDto = z.infer<typeof emailChangeResponse>;

export const EMAIL_CHANGE_MESSAGES = {
  nonePending: 'There is no email change waiting for confirmation.',
  /** /auth after the old address's undo link, when the change had already been confirmed. */
  alreadyChanged:
    'This email change was already confirmed, so it could not be undone. If you did not ask for it, contact support@influence.ge.',
  undoInvalid: 'This link is not valid. If you did not ask for an email change, contact support@influence.ge.',
} as const;
