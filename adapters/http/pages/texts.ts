import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../core/identity/policy.js';
import type { EmailTokenState } from '../../../core/identity/queries/check-email-token.js';
import type { Page } from './render.js';

// What the account pages say. One function per outcome, so the handlers only choose.

export type Flow = 'verify' | 'reset';

/** The path segment of each page; forms post to it relatively (the page's own path). */
export const pagePath: Readonly<Record<Flow, string>> = { verify: 'verify-email', reset: 'reset-password' };

const askAgain: Readonly<Record<Flow, string>> = {
  verify: 'To get a new link, sign in and ask for another verification mail.',
  reset: 'To get a new link, ask for a password reset again where you sign in.',
};

export const verifyForm = (token: string): Page => ({
  status: 200,
  title: 'Confirm your email address',
  tone: 'neutral',
  paragraphs: ['Press the button to confirm that this email address is yours.'],
  form: { action: pagePath.verify, token, button: 'Confirm my email address' },
});

/** The new-password form; `problem` says why the last attempt was refused. */
export const resetForm = (token: string, problem: string | null = null): Page => ({
  status: problem === null ? 200 : 422,
  title: 'Choose a new password',
  tone: problem === null ? 'neutral' : 'problem',
  paragraphs: [...(problem === null ? [] : [problem]), 'Type your new password twice, then press the button. Every device signed in to your account will be signed out.'],
  form: { action: pagePath.reset, token, button: 'Set the new password', password: { minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH } },
});

export const passwordsDiffer = 'The two passwords are not the same. Type the new password twice.';

export const verified: Page = {
  status: 200,
  title: 'Email address confirmed',
  tone: 'done',
  paragraphs: ['Your email address is confirmed. Thank you!', 'You can close this page and sign in.'],
};

export const passwordChanged: Page = {
  status: 200,
  title: 'Password changed',
  tone: 'done',
  paragraphs: ['Your password is changed, and every device that was signed in has been signed out.', 'Sign in again with your new password.'],
};

/** A link that no longer works, saying why. */
export const linkRefused = (flow: Flow, state: Exclude<EmailTokenState, 'usable'>): Page => {
  const why: Record<typeof state, { status: number; title: string; text: string }> = {
    unknown: { status: 404, title: 'This link is not known', text: 'This link is unknown. Check that you opened the whole link from the mail.' },
    used: {
      status: 410,
      title: 'This link was already used',
      text:
        flow === 'verify'
          ? 'This link has already been used, or a newer mail replaced it. If you confirmed your address before, there is nothing more to do.'
          : 'This link has already been used, or a newer mail replaced it. If you changed your password with it, sign in with the new password.',
    },
    expired: { status: 410, title: 'This link has expired', text: 'This link has expired.' },
  };
  const w = why[state];
  return { status: w.status, title: w.title, tone: 'problem', paragraphs: [w.text, askAgain[flow]] };
};

export const missingToken: Page = {
  status: 400,
  title: 'This link is incomplete',
  tone: 'problem',
  paragraphs: ['The link has no token. Open the link from the mail again, or copy all of it into the address bar.'],
};

export const malformed: Page = {
  status: 400,
  title: 'This request could not be read',
  tone: 'problem',
  paragraphs: ['What was sent is not a form this page understands. Open the link from the mail again.'],
};

export const tooLarge: Page = {
  status: 413,
  title: 'Too much was sent',
  tone: 'problem',
  paragraphs: ['The form sent is larger than this page accepts. Open the link from the mail again.'],
};

export const unsupported: Page = {
  status: 415,
  title: 'This request could not be read',
  tone: 'problem',
  paragraphs: ['Send this page\'s form as a web form (application/x-www-form-urlencoded, UTF-8).'],
};
