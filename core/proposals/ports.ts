import type { Id } from '../kernel/ids.js';
import type { Proposal, ProposalStatus } from './model.js';

export type ProposalListOptions = {
  readonly status?: ProposalStatus;
  /** Only proposals older than this one (ids are time-ordered). */
  readonly after?: Id;
  readonly limit?: number;
};

export type ProposalRepository = {
  /** The proposal, or null (unknown or removed). */
  readonly byId: (id: Id) => Promise<Proposal | null>;
  /** The tree's proposals newest first (by id), only those of `status` when given, paged by `after` and `limit`. */
  readonly listByTree: (treeId: Id, options: ProposalListOptions) => Promise<readonly Proposal[]>;
  /** Stores a new proposal with every field as given (operations and refs as JSON, kept exactly). */
  readonly insert: (proposal: Proposal) => Promise<void>;
  /**
   * Replaces the fields an apply or a reject changes (status, operations, reviewer, apply error,
   * applied count, refs, decided at); the tree, origin, summary, proposer and creation time stay as
   * inserted. A missing proposal stays missing.
   */
  readonly update: (proposal: Proposal) => Promise<void>;
  /**
   * `update`, but only while the stored proposal is still pending with `appliedCount` operations
   * applied; answers whether it wrote. Two applies racing over one proposal: the second waits for the
   * first (a row lock in PostgreSQL) and then finds the count moved, so no operation runs twice.
   */
  readonly advance: (proposal: Proposal, appliedCount: number) => Promise<boolean>;
  /** Removes the proposal for good; answers whether there was one. Purging a tree removes its proposals. */
  readonly remove: (id: Id) => Promise<boolean>;
};
