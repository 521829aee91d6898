import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { createRealtimeClient, type RealtimeClient, type RealtimeEvent, type RealtimeStatus } from '@/lib/realtime';
import { sessionIsEnding, sessionIsRenewing, sessionRenewed } from '@/lib/session-cache';
import { chatKeys } from './chat-keys';
import { addMessage, markSeen } from './use-messages';
import { supportKeys } from './use-support';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * One socket for the signed-in tab, kept while the app frame is mounted. Every frame lands in the query cache here,
 * on every screen: the Chat tab badge and the list's counts follow live, an open conversation gets its messages.
 */
export function RealtimeProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const qc = useQueryClient();
  const [client, setClient] = useState<RealtimeClient | null>(null);
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    const c = createRealtimeClient();
    const off = c.subscribe((e) => {
      // A password change ends every session and gives this tab a new one: the socket of the old one is reopened.
      if (e.type === 'session-ended' && sessionIsRenewing(qc)) {
        void sessionRenewed(qc).then(() => c.restart());
        return;
      }
      applyToCache(qc, e);
    });
    c.start();
    setClient(c);
    return () => {
      off();
      c.stop();
      setClient(null);
    };
  }, [enabled, qc]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function applyToCache(qc: QueryClient, e: RealtimeEvent) {
  switch (e.type) {
    case 'message.created':
      addMessage(qc, e.chatId, e.message);
      void qc.invalidateQueries({ queryKey: supportKeys.all });
      // A system line is a step of the order: the header's stage moves with it.
      if (e.message.kind === 'system') void qc.invalidateQueries({ queryKey: chatKeys.messages(e.chatId) });
      // The list previews the newest message, one's own too.
      void qc.invalidateQueries({ queryKey: chatKeys.lists() });
      if (!e.message.mine) void qc.invalidateQueries({ queryKey: chatKeys.unread() });
      return;
    case 'messages.read':
      if (e.mine) {
        void qc.invalidateQueries({ queryKey: chatKeys.lists() });
        void qc.invalidateQueries({ queryKey: chatKeys.unread() });
        void qc.invalidateQueries({ queryKey: supportKeys.all });
      } else {
        markSeen(qc, e.chatId, e.seq);
      }
      return;
    case 'chat.closed':
      void qc.invalidateQueries({ queryKey: chatKeys.messages(e.chatId) });
      void qc.invalidateQueries({ queryKey: supportKeys.all });
      return;
    case 'chat.stale':
      void qc.invalidateQueries({ queryKey: chatKeys.messages(e.chatId) });
      void qc.invalidateQueries({ queryKey: chatKeys.lists() });
      return;
    case 'reconnected':
      // Whatever happened while the socket was down: fetch it.
      void qc.invalidateQueries({ queryKey: chatKeys.all });
      return;
    case 'session-ended':
      // A deactivation in this tab closes the socket before its own answer: the sign-out it announced follows 2 s
      // later (spec §4), not now.
      if (sessionIsEnding(qc)) return;
      // The next request finds no session and the guards send the person to sign in.
      void qc.invalidateQueries();
      return;
  }
}

/** The tab's socket (null before sign-in or while it starts). */
export const useRealtime = () => useContext(RealtimeContext);

/** 'online', 'connecting' or 'offline' (the quiet 'Reconnecting…'). */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtime();
  return useSyncExternalStore(
    (cb) => client?.onStatus(cb) ?? (() => {}),
    () => client?.status ?? 'connecting',
    // A page rendered on the server has no socket yet, as in the browser before it connects.
    () => 'connecting',
  );
}

/** Calls `handler` for every event while mounted (the latest handler; no resubscribing per render). */
export function useRealtimeEvents(handler: (e: RealtimeEvent) => void) {
  const client = useRealtime();
  const [ref] = useState(() => ({ current: handler }));
  ref.current = handler;
  useEffect(() => client?.subscribe((e) => ref.current(e)), [client, ref]);
}
