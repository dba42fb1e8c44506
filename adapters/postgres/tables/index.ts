// Every table of the records, described once (columns, types, the record to and from a row); the
// writes are built from these descriptions by build.ts.
export type { Cell, Column, Table } from './table.js';
export * from './identity.js';
export * from './trees.js';
export * from './audit.js';
export * from './people.js';
export * from './sources.js';
export * from './media.js';
export * from './proposals.js';
export * from './duplicates.js';
export * from './merge.js';
