import type { Mail, Mailer } from '../../core/identity/ports.js';

/** Keeps every mail in `sent`, for tests and hosts that read mails back. */
export const memoryMailer = (): Mailer & { readonly sent: Mail[] } => {
  const sent: Mail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
};
