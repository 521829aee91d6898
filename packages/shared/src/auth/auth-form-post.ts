// The sign-in and registration forms work before (or without) JavaScript (issue 28 §2): the browser posts them to
// the page's own address, the server answers with a redirect, or with the page drawn again with what was typed (never
// the password) and the messages the API gave. This is what the server hands the page for that second drawing.
export type AuthFormPost = {
  intent: 'login' | 'register';
  /** What was typed, as posted, without the password. */
  values: Record<string, string | string[]>;
  /** A message about the whole form (wrong password, too many attempts), when no field has one. */
  message: string | null;
  /** The first message for each field the server refused. */
  fieldErrors: Record<string, string>;
};

/** Where the page's data carries it (a TanStack Query key, so it is dehydrated with the page). */
export const AUTH_FORM_POST_KEY = ['auth', 'form-post'] as const;

/** The hidden field that says which form was posted. */
export const AUTH_FORM_INTENT = 'intent';
