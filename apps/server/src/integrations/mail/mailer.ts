import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { kind: 'local' | 'smtp'; send: (mail: Mail) => Promise<void> };

/**
 * Local mailbox (rows in mail_outbox, shown at /dev/mailbox) unless SMTP_URL is set.
 * Tests point SMTP_URL at a real smtp-server so the SMTP path is exercised too.
 */
export function createMailer(deps: { db: Db; smtpUrl: string | null; from: string }): Mailer {
  if (deps.smtpUrl) {
    const transport = nodemailer.createTransport(deps.smtpUrl);
    return {
      kind: 'smtp',
      send: async (mail) => {
        await transport.sendMail({ from: deps.from, ...mail });
      },
    };
  }
  return {
    kind: 'local',
    send: async (mail) => {
      await deps.db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
    },
  };
}
