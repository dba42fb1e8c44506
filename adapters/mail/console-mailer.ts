import type { Mailer } from '../../core/identity/ports.js';

/** Logs one line per mail with the address and the link (API.md: the token appears as `token=...`). */
export const consoleMailer = (write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Mailer => ({
  send: async (mail) => {
    write(`mail to=${mail.to} subject="${mail.subject}" link=${mail.link}`);
  },
});
