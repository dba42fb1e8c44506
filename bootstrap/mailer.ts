import type { Logger } from 'pino';
import type { Mailer } from '../core/identity/ports.js';
import { consoleMailer } from '../adapters/mail/console-mailer.js';
import { smtpMailer } from '../adapters/mail/smtp-mailer.js';
import { reportingMailer } from '../adapters/mail/reporting-mailer.js';
import type { Config } from './config.js';

/** The mailer the configuration asks for, wrapped so that a failed delivery is logged, not answered. */
export const configuredMailer = (config: Config, logger: Logger): Mailer => {
  const inner =
    config.mailer === 'smtp' && config.smtpUrl !== null
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : consoleMailer((line) => logger.info(line));
  // The recipient's address is personal data: the log names its domain only (enough to see a provider failing).
  return reportingMailer(inner, (err, to) => logger.error({ err: mailError(err), to_domain: to.slice(to.lastIndexOf('@') + 1) }, 'mail delivery failed'));
};

/** SMTP errors repeat the recipient in their message and response; keep the code and the SMTP status only. */
const mailError = (err: unknown): Record<string, unknown> => {
  const e = err as { name?: unknown; code?: unknown; responseCode?: unknown; command?: unknown };
  return { type: typeof e.name === 'string' ? e.name : 'Error', code: e.code, response_code: e.responseCode, command: e.command };
};
