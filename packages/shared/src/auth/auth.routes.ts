// The account's endpoints (issue 22 §4): sign-up, sign-in and out, verification links, the session, and what a
// signed-in person changes about their account. Who may call one and its rate limit are the server's
// (apps/server/src/features/auth/auth.routes.ts).
import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import {
  changePasswordInput,
  deactivateInput,
  meResponse,
  okResponse,
  registerInput,
  resendVerificationInput,
  sessionResponse,
  setLanguageInput,
  signInInput,
} from './auth.schemas.ts';
import { emailChangeResponse } from './email-change.schemas.ts';

export const authRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    body: registerInput,
    response: { 201: meResponse },
    tags: ['auth'],
    summary: 'Create an account (user, role row and categories in one transaction) and sign in',
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/api/auth/sign-in',
    body: signInInput,
    response: { 200: meResponse },
    tags: ['auth'],
    summary: 'Sign in with email and password',
  }),
  signOut: defineRoute({
    method: 'POST',
    path: '/api/auth/sign-out',
    response: { 200: okResponse },
    tags: ['auth'],
    summary: 'End the session (always succeeds)',
  }),
  resendVerification: defineRoute({
    method: 'POST',
    path: '/api/auth/resend-verification',
    body: resendVerificationInput,
    response: { 200: okResponse },
    tags: ['auth'],
    summary: 'Send a new verification link (same answer whether or not the account exists)',
  }),
  /** Opened from a mail, never called by the app: it answers with a redirect. */
  verifyEmail: defineRoute({
    method: 'GET',
    path: '/api/auth/verify-email',
    query: z.object({ token: z.string().min(1).max(4096) }),
    response: {},
    tags: ['auth'],
    summary:
      'Open a verification link: confirms the address (never signs in); redirects to /, /auth#verified=… or /auth#error=…',
  }),
  /** Opened from the notice to the old address (issue 27), never called by the app: it answers with a redirect. */
  undoEmailChange: defineRoute({
    method: 'GET',
    path: '/api/auth/email-change/undo',
    query: z.object({ token: z.string().min(1).max(4096) }),
    response: {},
    tags: ['auth'],
    summary: 'Cancel a pending email change from the old address; redirects to /auth#email_change=… or /auth#error=…',
  }),
  /** Opened from a mail, never called by the app: it answers with a redirect. */
  signInLink: defineRoute({
    method: 'GET',
    path: '/api/auth/sign-in-link',
    query: z.object({ token: z.string().min(1).max(200) }),
    response: {},
    tags: ['auth'],
    summary:
      "Open a locked account's one-time sign-in link (mailed when the right password met the lock): signs this browser in and redirects to /, or to /auth#error=…",
  }),
  session: defineRoute({
    method: 'GET',
    path: '/api/auth/session',
    response: { 200: sessionResponse },
    tags: ['auth'],
    summary: 'The signed-in user, or null (what the app checks on load)',
  }),
} as const;

export const accountRoutes = {
  emailChange: defineRoute({
    method: 'GET',
    path: '/api/me/email-change',
    response: { 200: emailChangeResponse },
    tags: ['account'],
    summary: 'The email change waiting for its link, if any',
  }),
  resendEmailChange: defineRoute({
    method: 'POST',
    path: '/api/me/email-change/resend',
    response: { 200: emailChangeResponse },
    tags: ['account'],
    summary: 'Send the pending email change’s link again (409 when none is waiting)',
  }),
  cancelEmailChange: defineRoute({
    method: 'DELETE',
    path: '/api/me/email-change',
    response: { 200: emailChangeResponse },
    tags: ['account'],
    summary: 'Cancel the pending email change: its link no longer changes anything',
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/me',
    response: { 200: meResponse },
    tags: ['account'],
    summary: 'The signed-in user (401 when signed out)',
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/me/password',
    body: changePasswordInput,
    response: { 200: okResponse },
    tags: ['account'],
    summary: 'Change password (checks the current one, ends other sessions)',
  }),
  deactivate: defineRoute({
    method: 'POST',
    path: '/api/me/deactivate',
    body: deactivateInput,
    response: { 200: okResponse },
    tags: ['account'],
    summary: "Deactivate the account (type 'delete me'); signs out everywhere",
  }),
  /** Public: before sign-in the choice is kept in a cookie only; signed in, on the account too. */
  setLanguage: defineRoute({
    method: 'PUT',
    path: '/api/language',
    body: setLanguageInput,
    response: { 200: setLanguageInput },
    tags: ['account'],
    summary:
      "Choose the language of the screens and mails (en or ka): kept in this browser's cookie, and on the account when signed in",
  }),
  completeOnboarding: defineRoute({
    method: 'POST',
    path: '/api/me/onboarding/complete',
    response: { 200: meResponse },
    tags: ['account'],
    summary: 'Finish the onboarding wizard',
  }),
} as const;
