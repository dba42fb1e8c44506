import type { Actor } from '../kernel/actor.js';
import type { Clock } from '../kernel/clock.js';
import type { Result } from '../kernel/either.js';
import type { Id } from '../kernel/ids.js';
import type { Storage } from '../stores.js';
import type { ProposalOperation } from './model.js';

export type ProposalDeps = { readonly storage: Storage; readonly clock: Clock };

/**
 * Runs one operation of a proposal, its `"$ref"`s already resolved, through the normal command of its
 * entity, as `actor`, with `storage` (the apply's transaction). A record named by `id` (or by a
 * `*_id` field) that is not in `treeId` is not found. Answers the id of the record it created,
 * changed or removed. `data` is decoded here, as the entity's POST or PATCH body.
 */
export type OperationRunner = (storage: Storage, actor: Actor, treeId: Id, operation: ProposalOperation) => Promise<Result<{ readonly id: Id }>>;
