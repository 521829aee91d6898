// The app's first request (issue 11 §3; issue 22 §4).
import { bootstrapQuery, bootstrapResponse } from './bootstrap.schemas.ts';
import { defineRoute } from './route.ts';

export const bootstrapRoutes = {
  /** Public: signed out it still lists the categories (the register form needs them). */
  bootstrap: defineRoute({
    method: 'GET',
    path: '/api/bootstrap',
    query: bootstrapQuery,
    response: { 200: bootstrapResponse },
    tags: ['account'],
    summary:
      'Who is signed in (or null), their unread messages and the categories, and on a cold load the screen’s first request: what the app loads first',
  }),
} as const;
