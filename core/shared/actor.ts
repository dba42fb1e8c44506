import type { Id } from './ids.js';

// Who is asking. `anonymous` exists only for the public surface and the auth endpoints.
export type Actor =
  | { readonly kind: 'anonymous'; readonly clientAddress: string }
  | {
      readonly kind: 'user';
      readonly userId: Id;
      readonly email: string;
      readonly emailVerified: boolean;
      readonly sessionId: Id;
      readonly clientAddress: string;
    };

export type UserActor = Extract<Actor, { kind: 'user' }>;

export const actorId = (actor: Actor): string | null => (actor.kind === 'user' ? actor.userId : null);
