import { signedInUser, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { badReference, unauthenticated } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerFor } from '../../privacy/reader.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import type { CommandDeps } from '../../deps.js';
import type { IdentityDeps } from '../deps.js';
import { userView, type UserView } from '../user-view.js';

/**
 * Sets or clears "this is me": a live person the user sees in full. Any other id (unknown, deleted,
 * of a tree the user may not view, hidden or redacted to them) gets the same answer, so the endpoint
 * never tells whether a withheld person exists.
 */
export const setSelfPerson =
  (deps: CommandDeps<'users' | 'persons' | 'trees' | 'memberships' | 'audit'> & Pick<IdentityDeps, 'identity'>) =>
  async (caller: Actor, personId: Id | null): AsyncResult<UserView> => {
    const signedIn = signedInUser(caller);
    if (E.isLeft(signedIn)) return signedIn;
    const actor = signedIn.right;
    return deps.storage.uow.run(async (tx) => {
      const user = await tx.users.byId(actor.userId);
      if (user === null) return fail(unauthenticated());
      if (personId !== null) {
        const unknown = fail(badReference('person_id', 'person'));
        const person = await tx.persons.byId(personId);
        if (person === null || person.deletedAt !== null) return unknown;
        const reader = await readerFor(tx, actor, person.treeId, 'members');
        if (E.isLeft(reader)) return unknown;
        const visibility = await personVisibility(tx, person.treeId, reader.right.member, deps.clock.now(), [personId], [person]);
        if (visibility.of(personId) !== 'full') return unknown;
      }
      const next = { ...user, selfPersonId: personId };
      await tx.users.update(next);
      await tx.audit.record(auditEntry(deps.clock, user.id, 'user.set_self_person', { type: 'user', id: user.id, treeId: null }, { person_id: personId }));
      return ok(userView(next, deps.identity.ownerEmails));
    });
  };
