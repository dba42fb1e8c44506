import type { AuditEntry } from '../kernel/audit.js';
import type { Id } from '../kernel/ids.js';
import type { Storage, Stores } from '../stores.js';

/**
 * The storage an operation of an apply runs on: every command's unit of work joins the apply's
 * transaction (so the operation and the proposal's progress commit or roll back together), and each
 * audit entry the command writes carries the proposal's id.
 */
export const joinedStorage = (storage: Storage, tx: Stores, proposalId: Id): Storage => {
  const tag = (e: AuditEntry): AuditEntry => ({ ...e, details: { ...e.details, proposal_id: proposalId } });
  const stores: Stores = {
    ...tx,
    audit: { ...tx.audit, record: (e) => tx.audit.record(tag(e)), recordMany: (es) => tx.audit.recordMany(es.map(tag)) },
  };
  return { ...stores, uow: { run: (work) => work(stores) }, ping: storage.ping, exclusive: storage.exclusive, close: storage.close };
};
