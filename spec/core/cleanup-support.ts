// Shared set-up of the cleanup core specs: a memory storage with an owner, a viewer and an outsider,
// one tree, and persons, events and edges made through the real commands (as an HTTP client would).
import type { Actor } from '../../core/kernel/actor.js';
import type { Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import type { AuditEntry } from '../../core/kernel/audit.js';
import { register } from '../../core/identity/commands/register.js';
import { authenticate } from '../../core/identity/queries/authenticate.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { addMember } from '../../core/trees/commands/add-member.js';
import { createPerson } from '../../core/people/commands/create-person.js';
import { createEvent } from '../../core/people/commands/event-commands.js';
import { createName } from '../../core/people/commands/name-commands.js';
import { createRelationship } from '../../core/people/commands/relationship-commands.js';
import type { PersonInput } from '../../core/people/write-vital.js';
import type { EventType, ParentChildQualifier, Person } from '../../core/people/model.js';
import type { GenealogicalDate } from '../../core/kernel/date.js';
import { anonymous, coreDeps, right } from './support.js';
import { postgresStorage } from '../support/database.js';

export type User = Extract<Actor, { kind: 'user' }>;

/** An exact year: the shape of most imported dates. */
export const year = (y: number): GenealogicalDate => ({ qualifier: 'exact', year: y });

export const cleanupSetup = async (storage?: Storage) => {
  const core = coreDeps();
  const deps = storage === undefined ? core.deps : { ...core.deps, storage };
  const user = async (email: string): Promise<User> => {
    const { token } = right(await register(deps)(anonymous, { email, password: 'long enough' }));
    return (await authenticate(deps)(token, '::1'))!.account;
  };
  const owner = await user('owner@example.org');
  const editor = await user('editor@example.org');
  const viewer = await user('viewer@example.org');
  const outsider = await user('outsider@example.org');
  const tree = right(await createTree(deps)(owner, { name: 'Imported' }));
  right(await addMember(deps)(owner, tree.id, { email: 'editor@example.org', role: 'editor' }));
  right(await addMember(deps)(owner, tree.id, { email: 'viewer@example.org', role: 'viewer' }));

  const person = async (input: PersonInput, treeId: Id = tree.id, as: Actor = owner): Promise<Person> =>
    right(await createPerson(deps)(as, treeId, input));
  const event = async (personId: Id, type: EventType, date: GenealogicalDate | null, treeId: Id = tree.id) =>
    right(await createEvent(deps)(owner, treeId, { type, personId, date }));
  const alternateName = async (personId: Id, givenName: string, surname: string) =>
    right(await createName(deps)(owner, personId, { nameType: 'married', givenName, surname }));
  const parentOf = async (parent: Id, child: Id, qualifier: ParentChildQualifier = 'biological') =>
    right(await createRelationship(deps)(owner, tree.id, { type: 'parent_child', personAId: parent, personBId: child, qualifier }));
  const partners = async (a: Id, b: Id) => right(await createRelationship(deps)(owner, tree.id, { type: 'partnership', personAId: a, personBId: b }));
  /** The tree's audit entries of one action, oldest first. */
  const audit = async (action: string): Promise<AuditEntry[]> =>
    (await deps.storage.audit.listForTree(tree.id, { limit: 1000 })).filter((e) => e.action === action).reverse();
  const stored = async (id: Id): Promise<Person> => (await deps.storage.persons.byId(id))!;

  return { deps, owner, editor, viewer, outsider, tree, user, person, event, alternateName, parentOf, partners, audit, stored };
};

export type CleanupFixture = Awaited<ReturnType<typeof cleanupSetup>>;

/** Ids of preview rows, in the order given. */
export const ids = (rows: readonly { readonly personId: Id }[]): Id[] => rows.map((r) => r.personId);

/**
 * Declares `body` once on memory storage and once on PostgreSQL; `setup` gives each case a fresh
 * storage (every case registers the same users).
 */
export const onEachStorage = (title: (kind: string) => string, body: (setup: () => ReturnType<typeof cleanupSetup>) => void): void => {
  for (const [kind, make] of [
    ['memory', async () => ({ storage: undefined, close: async () => undefined })],
    ['postgres', () => postgresStorage()],
  ] as const) {
    describe(title(kind), () => {
      let storage: Storage | undefined;
      let close: () => Promise<void> = async () => undefined;
      beforeEach(async () => {
        const made = await make();
        storage = made.storage;
        close = made.close;
      });
      afterEach(() => close());
      body(() => cleanupSetup(storage));
    });
  }
};
