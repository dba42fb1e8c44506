import nodemailer from 'nodemailer';
import type { Mailer } from '../../core/identity/ports.js';

/** Sends through an SMTP server given as smtp://user:pass@host:port (or smtps://). Throws when delivery fails. */
export const smtpMailer = (smtpUrl: string, from: string): Mailer & { readonly close: () => void } => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
};
