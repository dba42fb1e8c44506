import { expect } from 'chai';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { smtpMailer } from '../../adapters/mail/smtp-mailer.js';
import { consoleMailer } from '../../adapters/mail/console-mailer.js';
import { reportingMailer } from '../../adapters/mail/reporting-mailer.js';

type Received = { from: string; to: string[]; data: string };

// A real SMTP conversation with a server on loopback: what nodemailer sends is what arrives.
describe('SMTP mailer', () => {
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];

  before(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });

  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers subject, recipient, sender and the link in the body', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Genealogy <no-reply@example.org>');
    const link = 'http://localhost:8080/verify-email?token=abc123';
    await mailer.send({ to: 'ada@example.org', subject: 'Confirm your email address', text: `Open ${link}\n`, link });
    mailer.close();
    const mail = received.at(-1)!;
    expect(mail.to).to.deep.equal(['ada@example.org']);
    expect(mail.from).to.equal('no-reply@example.org');
    expect(mail.data).to.match(/^Subject: Confirm your email address\r?$/m);
    expect(mail.data).to.include('token=abc123');
  });

  it('throws when no SMTP server answers, and the reporting wrapper turns that into a report', async () => {
    const dead = smtpMailer('smtp://127.0.0.1:1', 'x@example.org');
    const mail = { to: 'a@example.org', subject: 's', text: 't', link: 'http://x/?token=1' };
    let thrown: unknown;
    await dead.send(mail).catch((e: unknown) => (thrown = e));
    expect(thrown).to.be.instanceOf(Error);
    const reports: string[] = [];
    await reportingMailer(dead, (_e, to) => reports.push(to)).send(mail);
    expect(reports).to.deep.equal(['a@example.org']);
    dead.close();
  });
});

describe('console mailer', () => {
  it('writes one line per mail with the address and the link holding token=', async () => {
    const lines: string[] = [];
    await consoleMailer((l) => lines.push(l)).send({ to: 'b@example.org', subject: 'Reset', text: 'x', link: 'http://h/reset-password?token=T0K' });
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include('b@example.org').and.include('token=T0K');
    expect(lines[0]).to.not.include('\n');
  });
});
