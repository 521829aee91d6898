import { AUTH_FORM_POST_KEY, type AuthFormPost } from '@app/shared/auth/auth-form-post';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The server's answer to this form when the browser posted it itself (before the app ran, or without JavaScript):
 * what was typed and the messages, carried in the page's data (entry-server.tsx), so the server's drawing and the
 * browser's take-over show the same. Null when the page was not the answer to a post of this form.
 */
export function useAuthFormPost(intent: AuthFormPost['intent']): AuthFormPost | null {
  const posted = useQueryClient().getQueryData<AuthFormPost>(AUTH_FORM_POST_KEY);
  return posted?.intent === intent ? posted : null;
}
