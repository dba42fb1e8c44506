import { accessTree } from '../../../core/trees/access.js';
import { editableRecord } from '../../../core/trees/editable.js';
import { deletableProposal } from '../../../core/proposals/commands/delete-proposal.js';
import type { Id } from '../../../core/kernel/ids.js';
import { E } from '../../../core/kernel/either.js';
import type { MayChange } from '../route.js';
import type { HttpDeps, LazyDeps } from './deps.js';

// Who may make each conditional change (route.ts `mayChange`): the check its command makes before it
// changes anything, with the same core functions, answering what the check and the change must find
// unchanged (Storage.conditionally). app.ts evaluates If-Match only for a caller these
// let through, so a caller the change refuses gets its refusal, never a 412 (issue 30). withConditions
// refuses a conditional change that has no entry here.

type Storage = HttpDeps['storage'];
type Params = { readonly id: Id };

/** A record addressed by its own id, as its update and delete load it: an editor of its tree. */
const editable = (deps: LazyDeps, entity: string, load: (s: Storage, id: Id) => Promise<{ readonly treeId: Id; readonly deletedAt: Date | null } | null>): MayChange =>
  async ({ actor, params }) => {
    const { storage } = deps();
    const { id } = params as Params;
    return E.map(({ record }: { readonly record: { readonly treeId: Id } }) => ({ kind: 'record' as const, treeId: record.treeId }))(
      await editableRecord(storage, actor, entity, id, await load(storage, id)));
  };

export const changeChecks = (deps: LazyDeps): Readonly<Record<string, MayChange>> => {
  const person = editable(deps, 'person', (s, id) => s.persons.byId(id));
  const event = editable(deps, 'event', (s, id) => s.events.byId(id));
  const relationship = editable(deps, 'relationship', (s, id) => s.relationships.byId(id));
  const source = editable(deps, 'source', (s, id) => s.sources.byId(id));
  const citation = editable(deps, 'citation', (s, id) => s.citations.byId(id));
  const repository = editable(deps, 'repository', (s, id) => s.repositories.byId(id));
  const media = editable(deps, 'media', (s, id) => s.media.byId(id));
  return {
    updateTree: async ({ actor, params }) => E.map(() => ({ kind: 'tree' as const, treeId: (params as Params).id }))(await accessTree(deps().storage, actor, (params as Params).id, 'editor')),
    deleteTree: async ({ actor, params }) => E.map(() => ({ kind: 'tree' as const, treeId: (params as Params).id }))(await accessTree(deps().storage, actor, (params as Params).id, 'owner')),
    updatePerson: person, deletePerson: person,
    updateEvent: event, deleteEvent: event,
    updateRelationship: relationship, deleteRelationship: relationship,
    updateSource: source, deleteSource: source,
    updateCitation: citation, deleteCitation: citation,
    updateRepository: repository, deleteRepository: repository,
    updateMedia: media, deleteMedia: media,
    deleteProposal: async ({ actor, params }) => {
      const { id, pid } = params as Params & { readonly pid: Id };
      return E.map(() => ({ kind: 'proposal' as const, proposalId: pid }))(await deletableProposal(deps().storage, actor, id, pid));
    },
  };
};
