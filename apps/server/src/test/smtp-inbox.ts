// A real SMTP receiver for the tests that read what was mailed (mail goes through the outbox and the relay).
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** `headers`: each raw header line's value by its lower-case name. */
export type Received = { to: string; subject: string; text: string; headers: Map<string, string> };

export async function startSmtp() {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            headers: new Map(mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    inbox,
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The address in `List-Unsubscribe: <…>`. */
export const unsubscribeUrl = (m: Received) => /^<([^>]+)>$/.exec(m.headers.get('list-unsubscribe') ?? '')![1]!;
