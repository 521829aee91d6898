// The app's first request (issue 11 §3; issue 22 §4).
import { bootstrapResponse } from './bootstrap.schemas.ts';
import { defineRoute } from './route.ts';

export const bootstrapRoutes = {
  /** Public: signed out it still lists the categories (the register form needs them). */
  bootstrap: defineRoute({
    method: 'GET',
    path: '/api/bootstrap',
    response: { 200: bootstrapResponse },
    tags: ['account'],
    summary: 'Who is signed in (or null), their unread messages and the categories: what the app loads first',
  }),
} as const;
