import { fail, ok, type Result } from './either.js';
import { unauthenticated, type DomainError } from './errors.js';
import type { Id } from './ids.js';

export type UserActor = {
  readonly kind: 'user';
  readonly userId: Id;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly sessionId: Id;
  readonly clientAddress: string;
};

/**
 * A signed-in account that may not act as a user (REQUIRE_EMAIL_VERIFICATION and an unverified
 * email). It is no `user`, so no rule that admits users admits it, and every access check answers
 * with its `restriction`: only the few operations that name it through `sessionAccount` (read
 * oneself, verify, sign out, delete the account) let it through.
 */
export type RestrictedActor = {
  readonly kind: 'restricted';
  readonly clientAddress: string;
  readonly account: UserActor;
  /** Forbidden `email_unverified`. */
  readonly restriction: DomainError;
};

// Who is asking. `anonymous` exists only for the public surface and the auth endpoints.
export type Actor = { readonly kind: 'anonymous'; readonly clientAddress: string } | UserActor | RestrictedActor;

export const actorId = (actor: Actor): string | null => (actor.kind === 'user' ? actor.userId : null);

/**
 * The caller as a signed-in user, as every operation on trees, records and accounts needs it:
 * anonymous is Unauthenticated, a restricted session its restriction.
 */
export const signedInUser = (actor: Actor): Result<UserActor> =>
  actor.kind === 'user' ? ok(actor) : fail(actor.kind === 'restricted' ? actor.restriction : unauthenticated());

/**
 * The account behind a session, restricted or not. Only for what a restricted session may still do:
 * read itself, be sent a verification link, sign out, delete the account.
 */
export const sessionAccount = (actor: Actor): Result<UserActor> =>
  actor.kind === 'user' ? ok(actor) : actor.kind === 'restricted' ? ok(actor.account) : fail(unauthenticated());

/** Reads open to anonymous callers (the public surface) still refuse a restricted session: it reads nothing. */
export const restrictionOf = (actor: Actor): DomainError | null => (actor.kind === 'restricted' ? actor.restriction : null);
