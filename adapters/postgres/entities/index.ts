// The MikroORM 6 entity schemas, one file per slice; the migrations (../../../migrations/) are written
// from them and the no-diff spec ties the two. `entities` keeps the order the schemas were always
// listed in.
import { EmailTokenSchema, RateLimitWindowSchema, SessionSchema, UserSchema } from './identity.js';
import { MembershipSchema, TreeSchema } from './trees.js';
import { AuditEntrySchema } from './audit.js';
import { EventSchema, NamePostingSchema, NameSchema, PersonCardSchema, PersonPagePassSchema, PersonPageSchema, NameWordSchema, PersonSchema, PlaceSchema, RelationshipSchema } from './people.js';
import { CitationSchema, RepositorySchema, SourceSchema } from './sources.js';
import { BlobRemovalSchema, MediaSchema } from './media.js';
import { ProposalSchema } from './proposals.js';
import { DuplicateDismissalSchema } from './duplicates.js';
import { PersonMergeSchema } from './merge.js';
import { ChangesetSchema, ImportSchema, RecordChangeSchema, TreeChangeMarkSchema } from './history.js';

export * from './identity.js';
export * from './trees.js';
export * from './audit.js';
export * from './people.js';
export * from './sources.js';
export * from './media.js';
export * from './proposals.js';
export * from './duplicates.js';
export * from './merge.js';
export * from './history.js';

export const entities = [
  UserSchema,
  SessionSchema,
  EmailTokenSchema,
  TreeSchema,
  MembershipSchema,
  AuditEntrySchema,
  RateLimitWindowSchema,
  PersonSchema,
  NameSchema,
  PlaceSchema,
  RelationshipSchema,
  EventSchema,
  SourceSchema,
  CitationSchema,
  MediaSchema,
  ProposalSchema,
  BlobRemovalSchema,
  NameWordSchema,
  NamePostingSchema,
  PersonCardSchema,
  PersonPageSchema,
  PersonPagePassSchema,
  DuplicateDismissalSchema,
  PersonMergeSchema,
  RecordChangeSchema,
  ChangesetSchema,
  TreeChangeMarkSchema,
  ImportSchema,
  RepositorySchema,
];
