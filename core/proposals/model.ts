import type { JsonValue } from '../kernel/audit.js';
import type { Id } from '../kernel/ids.js';

// SPEC "ChangeProposal" and API.md "Proposals": structured changes a human applies, edits or rejects.

export const proposalStatuses = ['pending', 'applied', 'rejected'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

/** `contributor`: a member proposed it; `assistant`: the assistant or the recommender (never a human's own proposal). */
export const proposalOrigins = ['contributor', 'assistant'] as const;
export type ProposalOrigin = (typeof proposalOrigins)[number];

/** `merge`: entity `person`, `id` the kept person, `data: { other_id }` the person merged into it (either may be a `"$ref"`). */
export const operationKinds = ['create', 'update', 'delete', 'merge'] as const;
export type OperationKind = (typeof operationKinds)[number];

export const operationEntities = ['person', 'name', 'event', 'relationship', 'source', 'citation'] as const;
export type OperationEntity = (typeof operationEntities)[number];

/**
 * One change. `data` holds the fields of the entity's POST (create) or PATCH (update) body, as sent
 * (a merge: the merge's body `{ other_id }`);
 * `id` names the record of an update or delete; a create may carry `ref`, and a later operation
 * names the record it created as `"$ref"` in any `*_id` field or as its `id`.
 */
export type ProposalOperation = {
  readonly op: OperationKind;
  readonly entity: OperationEntity;
  readonly id?: string;
  readonly ref?: string;
  readonly data?: { readonly [k: string]: JsonValue };
};

/** Why an apply stopped: the operation's index, a machine code and a sentence. */
export type ApplyError = { readonly index: number; readonly code: string; readonly detail: string };

export type Proposal = {
  readonly id: Id;
  readonly treeId: Id;
  readonly status: ProposalStatus;
  readonly origin: ProposalOrigin;
  readonly summary: string;
  readonly operations: readonly ProposalOperation[];
  /** The member who proposed it (for the assistant: the user who asked); null once that account is gone. */
  readonly proposerId: Id | null;
  /** The editor who applied or rejected it. */
  readonly reviewerId: Id | null;
  readonly applyError: ApplyError | null;
  /** Operations applied so far, in order: a later apply resumes here and never runs one twice. */
  readonly appliedCount: number;
  /**
   * The ids the applied creates got for their `ref`s, so a resumed apply still resolves `"$ref"`. A
   * Map: a ref is a name a client chose ("constructor", "__proto__"), never an object's key.
   */
  readonly refs: ReadonlyMap<string, Id>;
  readonly createdAt: Date;
  readonly decidedAt: Date | null;
};
