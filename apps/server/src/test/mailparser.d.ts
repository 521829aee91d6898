// The slice of mailparser (test-only) the SMTP test uses; the package ships no types.
declare module 'mailparser' {
  export function simpleParser(
    source: NodeJS.ReadableStream,
  ): Promise<{ subject?: string; text?: string; messageId?: string }>;
}
