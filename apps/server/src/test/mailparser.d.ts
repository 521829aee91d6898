// The slice of mailparser (test-only) the SMTP test uses; the package ships no types.
declare module 'mailparser' {
  export function simpleParser(source: NodeJS.ReadableStream): Promise<{
    subject?: string;
    text?: string;
    messageId?: string;
    /** Each header as written: its lower-case name and the whole line. */
    headerLines: { key: string; line: string }[];
  }>;
}
