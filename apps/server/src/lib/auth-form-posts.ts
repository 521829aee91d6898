// Sign-in and registration without JavaScript (issue 28 §2): the auth page's two forms are real forms
// (`<form method="post" action="/auth…">`), so a tap on their button before the app has taken the page over (or in a
// browser without JavaScript) sends them to the server, which answers as the app would: the session cookie and a
// 303 to the signed-in start, or the auth page drawn again with what was typed (never the password) and the API's own
// messages, which are the shared schema's, as the browser's validation shows them. Nothing is decided here: the
// form becomes the API's JSON body and goes through the API's own route (app.inject, with the caller's address,
// cookie and Origin), so its validation, rate limits, lock-outs and CSRF check are the ones every sign-in meets.

import { authRoutes } from '@app/shared/auth/auth.routes';
import { AUTH_FORM_INTENT, type AuthFormPost } from '@app/shared/auth/auth-form-post';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where a signed-in person starts (the app's own redirects take an influencer without a profile to the wizard). */
const SIGNED_IN_START = '/home';
/** A form is a few fields: anything larger is not ours. */
const FORM_BODY_LIMIT = 16 * 1024;
/** What the browser's own page would not send along to the API. */
const FORWARDED = ['cookie', 'origin', 'sec-fetch-site', 'user-agent', 'accept-language', 'x-request-id'] as const;

type Render = (req: FastifyRequest, reply: FastifyReply, form: AuthFormPost) => Promise<unknown>;

/** The API body a posted form stands for; `values` is what is drawn again (no password). */
export function bodyOfForm(form: URLSearchParams): {
  intent: AuthFormPost['intent'];
  body: Record<string, unknown>;
  values: AuthFormPost['values'];
} {
  const intent = form.get(AUTH_FORM_INTENT) === 'register' ? 'register' : 'login';
  const text = (name: string) => form.get(name) ?? '';
  if (intent === 'login') {
    return { intent, body: { email: text('email'), password: text('password') }, values: { email: text('email') } };
  }
  const role = text('role') === 'influencer' ? 'influencer' : 'client';
  const values = {
    role,
    email: text('email'),
    name: text('name'),
    lastname: text('lastname'),
    mobile: text('mobile'),
    // The other role's field is not sent, as the app does not send it.
    companyId: role === 'client' ? text('companyId') : '',
    categoryIds: role === 'influencer' ? form.getAll('categoryIds') : [],
  };
  return {
    intent,
    values: { ...values, acceptTerms: form.get('acceptTerms') === 'on' ? 'on' : '' },
    body: { ...values, password: text('password'), acceptTerms: form.get('acceptTerms') === 'on' },
  };
}

export function authFormPosts(deps: { path: string; render: Render }) {
  return async (app: FastifyInstance) => {
    // Only in this scope: the API itself takes JSON only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_req, body, done) => done(null, new URLSearchParams(body as string)),
    );
    app.post(deps.path, { schema: { hide: true } }, async (req, reply) => {
      if (!(req.body instanceof URLSearchParams)) {
        return reply.code(415).send({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the form itself.' } });
      }
      const { intent, body, values } = bodyOfForm(req.body);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      for (const h of FORWARDED) {
        const v = req.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      const res = await app.inject({
        method: 'POST',
        url: intent === 'login' ? authRoutes.signIn.path : authRoutes.register.path,
        payload: body,
        headers,
        // The caller's address, so per-address limits count this person, not the server itself.
        remoteAddress: req.ip,
      });
      if (res.statusCode < 300) {
        const cookies = res.headers['set-cookie'];
        if (cookies) reply.header('set-cookie', cookies);
        return reply.header('cache-control', 'no-store').redirect(SIGNED_IN_START, 303);
      }
      const error = (res.json() as { error?: { message?: string; details?: { fieldErrors?: unknown } } }).error;
      const fieldErrors: Record<string, string> = {};
      const given = error?.details?.fieldErrors;
      if (given && typeof given === 'object') {
        for (const [field, messages] of Object.entries(given as Record<string, unknown>)) {
          const first = Array.isArray(messages) ? messages[0] : messages;
          if (typeof first === 'string') fieldErrors[field] = first;
        }
      }
      const message = Object.keys(fieldErrors).length
        ? null
        : (error?.message ?? 'Something went wrong. Please try again.');
      // Drawn again as the page it was posted from (the registration tab keeps its address).
      return deps.render(req, reply, { intent, values, message, fieldErrors });
    });
  };
}
