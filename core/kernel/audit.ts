import type { Id } from './ids.js';

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [k: string]: JsonValue };

// Audit details hold only JSON-safe values: ids as strings, enums as strings, dates as ISO text.
export type AuditEntry = {
  readonly id: Id;
  readonly treeId: Id | null;
  readonly actorId: Id | null;
  readonly action: string;
  readonly entityType: string;
  readonly entityId: Id;
  readonly details: { readonly [k: string]: JsonValue };
  readonly createdAt: Date;
};

export type Page = { readonly limit?: number; readonly after?: Id };

export type AuditLog = {
  // Written inside the same unit of work as the change it records.
  readonly record: (entry: AuditEntry) => Promise<void>;
  // `record` for each entry, in statements per chunk of 10,000 entries, not per entry.
  readonly recordMany: (entries: readonly AuditEntry[]) => Promise<void>;
  // Newest first (ids are time-ordered). With `after`, only entries older than that id.
  readonly listForTree: (treeId: Id, page: Page) => Promise<readonly AuditEntry[]>;
};
