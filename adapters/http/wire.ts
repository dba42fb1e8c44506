import * as t from 'io-ts';
import { roles, visibilities, type MemberRead, type Role, type TreeRead } from '../../core/trees/model.js';
import type { UserView } from '../../core/identity/user-view.js';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../core/identity/policy.js';
import type { AuditEntry } from '../../core/kernel/audit.js';
import type { AiPolicyView } from '../../core/trees/queries/get-ai-policy.js';
import type { InstanceStatus } from '../../core/admin/queries/get-instance-status.js';
import { named, withSchema } from './openapi/json-schema.js';
import { enumOf, Nullable, Text, Uuid } from '../../core/kernel/codec.js';

// Wire codecs: snake_case JSON shapes of API.md. They decode requests and document responses. The
// primitives request bodies are built from are core's (core/kernel/codec.ts), re-exported here.
export { NOTES_MAX, Nullable, Text, Uuid } from '../../core/kernel/codec.js';

export const Timestamp = withSchema(t.string, { format: 'date-time' });

/** GEDCOM import `resolutions` (JSON text, multipart): room for a 100,000-person file. */
export const RESOLUTIONS_MAX = 10_000_000;

export const Email = Text(MAX_EMAIL_LENGTH, { format: 'email' });
/**
 * A new password. Its minimum is the core's rule (422 `weak_password`, core/identity/policy.ts), so
 * the codec bounds only the length and says the minimum in words: a `minLength` here would refuse a
 * short password first, as a generic `invalid_input`.
 */
export const Password = Text(MAX_PASSWORD_LENGTH, { description: `At least ${MIN_PASSWORD_LENGTH} characters (else 422 weak_password).` });
/** A password given to sign in or re-verify: only bounded, so old accounts can still sign in. */
export const PasswordGiven = Text(MAX_PASSWORD_LENGTH);
/** Tokens this service mails out (base64url of 32 bytes); the bound leaves room for other formats. */
export const Token = Text(512);
export const NonEmpty = (max: number) =>
  withSchema(
    new t.Type<string, string, unknown>('NonEmptyText', (u): u is string => typeof u === 'string' && u.trim().length > 0, (u, c) => (typeof u === 'string' && u.trim().length > 0 ? t.success(u) : t.failure(u, c)), t.identity),
    { type: 'string', minLength: 1, maxLength: max },
  );

export const RoleCodec = enumOf('Role', roles);
export const VisibilityCodec = enumOf('Visibility', visibilities);

export const IdParams = t.type({ id: Uuid });
export const TreeMemberParams = t.type({ id: Uuid, user_id: Uuid });

/** `?deleted=true` switches a list to the recoverable (soft-deleted) records. */
export const DeletedQuery = t.partial({ deleted: t.keyof({ true: null, false: null }) });

export const PageQuery = t.partial({
  limit: withSchema(
    new t.Type<number, string, unknown>('Limit', (u): u is number => typeof u === 'number', (u, c) => {
      const n = typeof u === 'string' && /^\d+$/.test(u) ? Number(u) : NaN;
      return n >= 1 && n <= 1000 ? t.success(n) : t.failure(u, c);
    }, String),
    { type: 'integer', minimum: 1, maximum: 1000 },
  ),
  // An opaque cursor is the base64url of a record id (48 characters).
  cursor: Text(64),
});

export const UserRead = named('UserRead', t.type({
  id: Uuid,
  email: t.string,
  email_verified: t.boolean,
  self_person_id: Nullable(Uuid),
  is_instance_owner: t.boolean,
  created_at: Timestamp,
}));

export const AuthResult = named('AuthResult', t.type({ user: UserRead, token: t.string }));

export const TreeReadCodec = named('TreeRead', t.intersection([
  t.type({
    id: Uuid,
    name: t.string,
    description: t.string,
    visibility: VisibilityCodec,
    home_person_id: Nullable(Uuid),
    ai_member_provider: Nullable(t.string),
    ai_recommender_provider: Nullable(t.string),
    role: Nullable(RoleCodec),
    created_at: Timestamp,
    updated_at: Timestamp,
    deleted_at: Nullable(Timestamp),
  }),
  // Present on the member-facing record only.
  t.partial({ owner_id: Nullable(Uuid) }),
]));

export const MemberReadCodec = named('MemberRead', t.type({ user_id: Uuid, email: t.string, role: RoleCodec, joined_at: Timestamp }));

export const AiProviderRead = named('AiProviderRead', t.type({ name: t.string, model: t.string }));

export const AiPolicyRead = named('AiPolicyRead', t.type({
  ai_member_provider: Nullable(t.string),
  ai_recommender_provider: Nullable(t.string),
  providers: t.array(AiProviderRead),
  /** False when the policy names a provider no longer configured (the assistant then answers 409 ai_disabled). */
  available: t.boolean,
  ai_member_available: t.boolean,
  ai_recommender_available: t.boolean,
}));

export const AuditEntryRead = named('AuditEntryRead', t.type({
  id: Uuid,
  tree_id: Nullable(Uuid),
  actor_id: Nullable(Uuid),
  action: t.string,
  entity_type: t.string,
  entity_id: Uuid,
  details: t.UnknownRecord,
  created_at: Timestamp,
}));

export const InstanceStatusRead = named('InstanceStatus', t.type({
  version: t.string,
  environment: t.string,
  user_count: t.number,
  tree_count: t.number,
  ai_providers: t.array(AiProviderRead),
}));

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export const userWire = (u: UserView) => ({
  id: u.id,
  email: u.email,
  email_verified: u.emailVerified,
  self_person_id: u.selfPersonId,
  is_instance_owner: u.isInstanceOwner,
  created_at: u.createdAt.toISOString(),
});

export const treeWire = (tree: TreeRead & { readonly role: Role | null }) => ({
  id: tree.id,
  name: tree.name,
  description: tree.description,
  visibility: tree.visibility,
  ...(tree.role === null ? {} : { owner_id: tree.ownerId }),
  home_person_id: tree.homePersonId,
  ai_member_provider: tree.aiMemberProvider,
  ai_recommender_provider: tree.aiRecommenderProvider,
  role: tree.role,
  created_at: tree.createdAt.toISOString(),
  updated_at: tree.updatedAt.toISOString(),
  deleted_at: iso(tree.deletedAt),
});

export const memberWire = (m: MemberRead) => ({ user_id: m.userId, email: m.email, role: m.role, joined_at: m.createdAt.toISOString() });

export const aiPolicyWire = (p: AiPolicyView) => ({
  ai_member_provider: p.aiMemberProvider,
  ai_recommender_provider: p.aiRecommenderProvider,
  providers: p.providers.map((x) => ({ name: x.name, model: x.model })),
  available: p.available,
  ai_member_available: p.aiMemberAvailable,
  ai_recommender_available: p.aiRecommenderAvailable,
});

export const auditWire = (a: AuditEntry) => ({
  id: a.id,
  tree_id: a.treeId,
  actor_id: a.actorId,
  action: a.action,
  entity_type: a.entityType,
  entity_id: a.entityId,
  details: a.details,
  created_at: a.createdAt.toISOString(),
});

export const instanceWire = (s: InstanceStatus) => ({
  version: s.version,
  environment: s.environment,
  user_count: s.userCount,
  tree_count: s.treeCount,
  ai_providers: s.aiProviders.map((p) => ({ name: p.name, model: p.model })),
});
