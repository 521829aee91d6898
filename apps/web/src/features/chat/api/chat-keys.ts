/** The chat feature's query keys (CONVENTIONS §10): `chatKeys.all` covers the unread badge and the conversations. */
export const chatKeys = {
  all: ['chat'] as const,
  unread: () => [...chatKeys.all, 'unread-count'] as const,
  lists: () => [...chatKeys.all, 'list'] as const,
  messages: (chatId: string) => [...chatKeys.all, 'messages', chatId] as const,
};
