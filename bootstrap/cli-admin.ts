import type { Logger } from 'pino';
import { E } from '../core/kernel/either.js';
import { systemClock } from '../core/kernel/clock.js';
import { auditEntry } from '../core/kernel/audit-entry.js';
import type { Storage } from '../core/stores.js';
import { defaultIdentityTtls } from '../core/identity/deps.js';
import { register } from '../core/identity/commands/register.js';
import { createTree } from '../core/trees/commands/create-tree.js';
import { scryptPasswordHasher } from '../adapters/crypto/scrypt-password-hasher.js';
import type { Config } from './config.js';
import type { CliCommand } from './cli-args.js';
import { EXIT, outcomeOf } from './cli-output.js';
import { end, stop } from './cli-files.js';
import { configuredMailer } from './mailer.js';
import { print } from './cli-run.js';

// The operator's commands of bootstrap/cli.ts (user add, tree create) on an open storage, through
// the core's own register and create-tree: the same rules (email, password, tree name) and audit as
// over HTTP. Loaded only once the command line is known to be good.

/** The first line of stdin (a pipe, a here-string, or typed at a terminal), without its line end. */
export const firstLineOf = async (input: NodeJS.ReadableStream, max = 4096): Promise<string> => {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    const nl = text.search(/\r?\n/);
    if (nl >= 0) return text.slice(0, nl);
    if (text.length > max) break;
  }
  return text.slice(0, max);
};

export const runAdmin = async (
  command: Extract<CliCommand, { kind: 'user-add' | 'tree-create' }>,
  config: Config,
  storage: Storage,
  logger: Logger,
  actorFor: (email: string) => Promise<import('../core/kernel/actor.js').Actor>,
): Promise<void> => {
  const clock = systemClock;
  if (command.kind === 'tree-create') {
    const actor = await actorFor(command.as);
    const made = await createTree({ storage, clock })(actor, { name: command.name, description: command.description, visibility: command.visibility });
    if (E.isLeft(made)) return end(outcomeOf(made.left));
    const t = made.right;
    return print({ id: t.id, name: t.name, description: t.description, visibility: t.visibility, owner: command.as });
  }
  if (process.stdin.isTTY) process.stderr.write(`Password for ${command.email} (it shows as you type; pipe it in to avoid that): `);
  const password = await firstLineOf(process.stdin);
  if (password === '') return stop(EXIT.usage, 'user add reads the password from stdin: none was given.');
  const deps = {
    storage, clock, hasher: scryptPasswordHasher(), mailer: configuredMailer(config, logger),
    // The operator at the shell is not a client to be rate limited.
    identity: { baseUrl: config.baseUrl, requireEmailVerification: config.requireEmailVerification, ownerEmails: config.ownerEmails, authRateLimit: 0, ...defaultIdentityTtls },
  };
  const made = await register(
    command.verified ? { ...deps, mailer: { send: async () => undefined } } : deps,
  )({ kind: 'anonymous', clientAddress: 'cli' }, { email: command.email, password });
  if (E.isLeft(made)) return end(outcomeOf(made.left));
  const userId = made.right.user.id;
  // Register signs the new account in; nobody holds that session here, so it ends at once. With
  // --verified the operator vouches for the address: verified now, its mailed link (none sent) void.
  await storage.uow.run(async (tx) => {
    const now = clock.now();
    await tx.sessions.revokeAllForUser(userId, now);
    const user = command.verified ? await tx.users.byId(userId) : null;
    if (user === null) return E.right(null);
    await tx.users.update({ ...user, emailVerifiedAt: now });
    await tx.emailTokens.consumeAllForUser(userId, 'verify_email', now);
    await tx.audit.record(auditEntry(clock, userId, 'user.verify_email', { type: 'user', id: userId, treeId: null }, { by: 'cli' }));
    return E.right(null);
  });
  return print({ id: userId, email: made.right.user.email, email_verified: command.verified });
};
