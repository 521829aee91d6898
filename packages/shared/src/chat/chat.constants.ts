// The chat's limits, texts and the socket's address, without zod: the browser's chat reads them on its way to the
// first tap (issue 28 §2); the schemas (message.schemas.ts, realtime.schemas.ts, support.schemas.ts) build on them.

/** A message's longest text (characters): a long brief fits, a pasted book does not. */
export const MESSAGE_MAX = 2000;

export const MESSAGE_MESSAGES = {
  blank: 'Write a message first.',
  tooLong: `A message can be at most ${MESSAGE_MAX} characters.`,
} as const;

/** Chat attachments (issue 12 §3): the largest file, checked on the server while it streams in. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** What may be attached, judged from the file's content (never its name): images, PDF, Office documents. */
export const ATTACHMENT_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
} as const;

/** The file picker's hint (the server decides by content). */
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.webp,.gif,.pdf,.docx,.xlsx,.pptx';

export const ATTACHMENT_MESSAGES = {
  tooLarge: 'Files can be at most 10 MB.',
  unsupported:
    'This file type is not supported. Send an image (JPEG, PNG, WebP, GIF), a PDF or a Word, Excel or PowerPoint file.',
  missing: 'Choose a file to send.',
} as const;

/**
 * The socket's address. A WebSocket is not a request and an answer, so it has no route contract (common/route.ts);
 * both ends take its address from here.
 */
export const REALTIME_PATH = '/api/realtime';

/** Spec §9: the server pings every 25 s; the client reconnects after 1, 2, 5, then every 10 s. */
export const REALTIME_HEARTBEAT_MS = 25_000;

export const RECONNECT_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;

/** Spec §9: the screen resets this long after the chat closes (by the admin / by the user). */
export const SUPPORT_RESET_AFTER_ADMIN_CLOSE_MS = 2000;

export const SUPPORT_RESET_AFTER_OWN_CLOSE_MS = 1000;
