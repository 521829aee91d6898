import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection, { type SMTPConnectionOptions } from 'nodemailer/lib/smtp-connection';
import wellKnown from 'nodemailer/lib/well-known';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * How long one delivery attempt waits (decision 028). RFC 5321 §4.5.3.2 asks a client to wait *at least*: 5 min
 * for the 220 greeting, 5 for the replies to MAIL and RCPT, 2 for DATA, 3 for each block of the body and 10 for
 * the reply to the end of the body, which is when the relay takes the mail over. A client that gives up earlier
 * sends the same mail again to a relay that was only slow.
 */
export type SmtpTimeouts = {
  /** TCP connect (and DNS). Not one of the RFC's: an unreachable relay fails fast and the usual backoff retries. */
  connectMs: number;
  /** The 220 greeting (RFC: 5 min). */
  greetingMs: number;
  /**
   * Silence on the connection while waiting for any reply or writing a block of the body. The RFC's longest wait,
   * for the final reply (10 min), so none of its shorter minimums (MAIL, RCPT 5; DATA 2; a block 3) is cut short.
   */
  replyMs: number;
  /**
   * Everything before the body has been handed over, however the relay paces it (the RFC's greeting, MAIL, RCPT,
   * DATA and block waits add up to 20 min). A relay cannot have accepted a mail whose body it has not received,
   * so running out of it is a plain failure, retried with backoff.
   */
  beforeBodyMs: number;
};

export const RFC_5321_TIMEOUTS: SmtpTimeouts = {
  connectMs: 10 * SECOND,
  greetingMs: 5 * MINUTE,
  replyMs: 10 * MINUTE,
  beforeBodyMs: 20 * MINUTE,
};

/** The longest one attempt can take: the job's lease must be longer, or a slow attempt is taken over and sent twice. */
export const longestAttemptMs = (t: SmtpTimeouts) => t.beforeBodyMs + t.replyMs;

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** RFC 8058 one-click unsubscribe address, or null. */
  listUnsubscribe?: string | null;
  /** The same on every attempt, so a receiver can drop a second copy. */
  messageId: string;
  date: Date;
};

/**
 * - `accepted`: the relay answered the end of the body with 2xx; it has the mail.
 * - `not-sent`: the relay certainly does not have it (a failure before the body was handed over, or a reply
 *   refusing it): safe to send again.
 * - `maybe`: the body was handed over and no answer came (timeout, connection lost, aborted): the relay may have it.
 * - `withdrawn`: `beforeBody` said no; nothing was sent.
 */
export type RelayOutcome =
  | { kind: 'accepted'; response: string }
  | { kind: 'not-sent'; error: Error }
  | { kind: 'maybe'; error: Error }
  | { kind: 'withdrawn' };

export type SendHooks = {
  /**
   * Called once the relay has accepted the envelope (MAIL, RCPT, DATA answered), before the first byte of the body
   * goes out; the body goes only if it resolves true. The outbox records here that the relay may have the mail.
   */
  beforeBody: () => Promise<boolean>;
  /** Aborts the attempt (the job's lease ran out, or the runner is stopping). */
  signal?: AbortSignal;
};

export type SmtpRelay = { send: (mail: OutgoingMail, hooks: SendHooks) => Promise<RelayOutcome> };

/**
 * One SMTP conversation per mail, on nodemailer's SMTPConnection rather than its transport, because the transport
 * reports a timeout the same way (`ETIMEDOUT`, command `CONN`) whether it came before the body or while waiting for
 * the relay's verdict on it. Here the body is a stream we hand over ourselves: the terminating `<CRLF>.<CRLF>`, the
 * only thing that lets a relay accept the mail, is written after that stream ends, so "it had not ended" means
 * "certainly not sent".
 */
export function createSmtpRelay(url: string, timeouts: SmtpTimeouts): SmtpRelay {
  const { auth, service, ...parsed } = parseConnectionUrl(url);
  // What nodemailer's transport read from the same URL: `?service=` presets, `tls.*`, `?authMethod=`.
  const known = (typeof service === 'string' && wellKnown(service)) || undefined;
  const authMethod = known?.authMethod ?? (typeof parsed.authMethod === 'string' ? parsed.authMethod : false);
  const options: SMTPConnectionOptions = {
    ...parsed,
    ...known,
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.replyMs,
  };

  async function send(mail: OutgoingMail, hooks: SendHooks): Promise<RelayOutcome> {
    let envelope: ReturnType<MimeNode['getEnvelope']>;
    let raw: Buffer;
    try {
      const message = new MailComposer({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: mail.messageId,
        date: mail.date,
        // MailComposer ignores nodemailer's `list` option (only the transport reads it): the headers as written.
        ...(mail.listUnsubscribe && {
          headers: {
            'List-Unsubscribe': `<${mail.listUnsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }),
      }).compile();
      envelope = message.getEnvelope();
      raw = await message.build();
    } catch (error) {
      return { kind: 'not-sent', error: error instanceof Error ? error : new Error(String(error)) };
    }

    return new Promise<RelayOutcome>((resolve) => {
      const connection = new SMTPConnection(options);
      let handedOver = false;
      let withdrawn = false;
      let settled = false;
      let cap: NodeJS.Timeout | undefined;

      const finish = (outcome: RelayOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(cap);
        hooks.signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
        connection.close(); // as nodemailer's own transport does, no QUIT: nothing is left to say
      };
      const fail = (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        if (withdrawn) return finish({ kind: 'withdrawn' });
        // After the body, an answer with a code is the relay's verdict (it refused); silence or a lost connection is not.
        const refused = 'responseCode' in error && typeof error.responseCode === 'number';
        finish(handedOver && !refused ? { kind: 'maybe', error } : { kind: 'not-sent', error });
      };
      const timeout = (what: string, ms: number) => () => {
        const error = Object.assign(new Error(`${what} took longer than ${ms} ms`), { code: 'ETIMEDOUT' });
        fail(error);
      };
      function onAbort() {
        fail(hooks.signal?.reason ?? new Error('The attempt was aborted'));
      }

      let started = false;
      const body = new Readable({
        read() {
          if (started) return;
          started = true;
          hooks.beforeBody().then(
            (go) => {
              if (!go) {
                withdrawn = true;
                body.destroy(new Error('The mail was withdrawn before its body was sent'));
                return;
              }
              body.push(raw);
              body.push(null);
            },
            (err) => body.destroy(err),
          );
        },
      });
      // Emitted in the same turn as the pipe's own 'end', which writes the terminator: never after a reply to it.
      body.once('end', () => {
        handedOver = true;
        clearTimeout(cap);
        cap = setTimeout(timeout('The reply to the end of the body', timeouts.replyMs), timeouts.replyMs);
      });

      cap = setTimeout(timeout('Sending up to the end of the body', timeouts.beforeBodyMs), timeouts.beforeBodyMs);
      if (hooks.signal?.aborted) return onAbort();
      hooks.signal?.addEventListener('abort', onAbort, { once: true });
      // Every failure of the conversation is emitted here; a send in flight then also gets it in its callback.
      connection.on('error', fail);
      connection.connect((err) => {
        if (err) return fail(err);
        const go = () =>
          connection.send(envelope, body, (sendErr, info) =>
            sendErr ? fail(sendErr) : finish({ kind: 'accepted', response: info?.response ?? '' }),
          );
        if (!auth) return go();
        connection.login({ credentials: auth, method: authMethod }, (loginErr) => (loginErr ? fail(loginErr) : go()));
      });
    });
  }

  return { send };
}
