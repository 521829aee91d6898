// The chats' endpoints (issue 22 §4): the list, the unread badge, a conversation's messages and files, and admin
// support. The live socket (/api/realtime) is not a request and answer, so it has no contract here.
import { z } from 'zod';
import { okResponse } from '../auth/auth.schemas.ts';
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';
import { chatListQuery, chatListResponse } from './chat.schemas.ts';
import {
  attachmentQuery,
  chatHeader,
  markReadResponse,
  messageDto,
  messagesPage,
  messagesQuery,
  sendMessageInput,
} from './message.schemas.ts';
import {
  supportChatResponse,
  supportHistoryQuery,
  supportHistoryResponse,
  supportInboxQuery,
  supportInboxResponse,
} from './support.schemas.ts';
import { unreadCountResponse } from './unread.schemas.ts';

export const chatRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/chats',
    query: chatListQuery,
    response: { 200: chatListResponse },
    tags: ['chat'],
    summary: 'The caller’s chats newest first, with the other party and the campaign (keyset pages)',
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/api/chat/unread-count',
    response: { 200: unreadCountResponse },
    tags: ['chat'],
    summary: 'Unread messages across the signed-in user’s chats',
  }),
} as const;

/** An order chat's messages: read, write and mark read, by its two parties only (the server checks). */
export const messageRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/chats/:id/messages',
    params: idParam,
    query: messagesQuery,
    response: { 200: messagesPage },
    tags: ['chat'],
    summary: 'The chat’s header and a page of its messages, oldest first (newest page by default)',
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/messages',
    params: idParam,
    body: sendMessageInput,
    response: { 201: messageDto },
    tags: ['chat'],
    summary: 'Sends a message (the same clientId twice is one message)',
  }),
  /** A multipart upload (field "file"): the browser sends it with `upload()`, which reports progress. */
  sendAttachment: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/attachments',
    params: idParam,
    query: attachmentQuery,
    response: { 201: messageDto },
    tags: ['chat'],
    summary: 'Sends a file (image, PDF, Office document; at most 10 MB, type judged from the content)',
  }),
  /** The file itself, not JSON: a message's `attachment.url` points here. */
  attachment: defineRoute({
    method: 'GET',
    path: '/api/chats/:id/messages/:messageId/attachment',
    params: idParam.extend({ messageId: z.uuid('Not a valid id') }),
    response: {},
    tags: ['chat'],
    summary: 'A message’s file, for the chat’s parties only',
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/read',
    params: idParam,
    response: { 200: markReadResponse },
    tags: ['chat'],
    summary: 'Marks the other party’s messages read (idempotent); returns the chat’s and the total unread',
  }),
} as const;

/** Admin support (issue 12 §5): a user's one open support chat, closing it, and the admins' inbox. */
export const supportRoutes = {
  current: defineRoute({
    method: 'GET',
    path: '/api/support/chat',
    response: { 200: supportChatResponse },
    tags: ['chat'],
    summary: 'The caller’s open support chat, or null',
  }),
  open: defineRoute({
    method: 'POST',
    path: '/api/support/chat',
    response: { 200: supportChatResponse },
    tags: ['chat'],
    summary: 'Starts or resumes the caller’s support chat (one open per user)',
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/support/chats/closed',
    query: supportHistoryQuery,
    response: { 200: supportHistoryResponse },
    tags: ['chat'],
    summary: 'The caller’s closed support chats, newest first, each readable at /api/chats/:id/messages',
  }),
  close: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/close',
    params: idParam,
    response: { 200: okResponse },
    tags: ['chat'],
    summary: 'Closes a support chat (its user or an admin): a goodbye line, then no more messages',
  }),
  ask: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/support',
    params: idParam,
    response: { 200: chatHeader },
    tags: ['chat'],
    summary: 'Ask support to join an order’s chat (its client or influencer): the admins can read and write there',
  }),
  inbox: defineRoute({
    method: 'GET',
    path: '/api/admin/support',
    query: supportInboxQuery,
    response: { 200: supportInboxResponse },
    tags: ['chat'],
    summary: 'The support inbox: open or closed support chats, newest activity first, with unread counts',
  }),
} as const;
