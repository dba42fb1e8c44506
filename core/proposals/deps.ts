import type { Actor } from '../shared/actor.js';
import type { Clock } from '../shared/clock.js';
import type { Result } from '../shared/either.js';
import type { Id } from '../shared/ids.js';
import type { Storage } from '../shared/ports.js';
import type { ProposalOperation } from './model.js';

export type ProposalDeps = { readonly storage: Storage; readonly clock: Clock };

/**
 * Runs one operation of a proposal, its `"$ref"`s already resolved, through the normal command of its
 * entity, as `actor`, with `storage` (the apply's transaction). A record named by `id` (or by a
 * `*_id` field) that is not in `treeId` is not found. Answers the id of the record it created,
 * changed or removed. `data` is decoded here, as the entity's POST or PATCH body.
 */
export type OperationRunner = (storage: Storage, actor: Actor, treeId: Id, operation: ProposalOperation) => Promise<Result<{ readonly id: Id }>>;
