import { createContext, useContext } from 'react';
import { Navigate } from '@/lib/router';

/**
 * Set while the server renders a page (entry-server.tsx): a redirect is answered with an HTTP redirect instead of
 * a page, since a navigation in an effect never runs there. Null in the browser.
 */
export const ServerRedirect = createContext<((to: string) => void) | null>(null);

/** Sends the person to `to` in place of this page (history entry replaced), in the browser and on the server. */
export function Redirect({ to }: { to: string }) {
  const onServer = useContext(ServerRedirect);
  if (onServer) {
    onServer(to);
    return null;
  }
  return <Navigate to={to} replace />;
}
