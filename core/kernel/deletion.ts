import type { Id } from './ids.js';

/**
 * Soft deletion is grouped: one delete (a person with its relationships, or a cascade) stamps one
 * `deletionId` on every row it removes, so restore brings back exactly what that delete removed.
 */
export type Deletion = { readonly deletedAt: Date | null; readonly deletionId: Id | null };

/** Whether a record read by its id is live and of tree `treeId` (a reference a body may make). */
export const liveIn = <R extends Deletion & { readonly treeId: Id }>(treeId: Id, record: R | null): record is R =>
  record !== null && record.treeId === treeId && record.deletedAt === null;
