// The password form's rules, loaded when the form is first used (security-section.tsx, lib/lazy-resolver.ts).
import { changePasswordInput, MESSAGES } from '@app/shared/auth/auth.schemas';
import { z } from 'zod';

// The shared schema plus the UI-only confirmation; an empty box says "fill in all fields" before any other rule.
export const passwordChangeForm = z
  .object({
    currentPassword: changePasswordInput.shape.currentPassword,
    newPassword: z.string().min(1, MESSAGES.passwordFields).pipe(changePasswordInput.shape.newPassword),
    confirmPassword: z.string().min(1, MESSAGES.passwordFields),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordMismatch,
  });
