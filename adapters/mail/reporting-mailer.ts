import type { Mailer } from '../../core/identity/ports.js';

/**
 * A mail that fails after the change was committed must not turn into an error answer: a reset
 * answer would reveal that the email exists, and a registration has already happened (the user can
 * ask for another link). Failures are reported to the log instead.
 */
export const reportingMailer = (inner: Mailer, report: (error: unknown, to: string) => void): Mailer => ({
  send: async (mail) => {
    try {
      await inner.send(mail);
    } catch (error) {
      report(error, mail.to);
    }
  },
});
