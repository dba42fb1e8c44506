// Expected failures are values (ARCHITECTURE.md rule 4). adapters/http maps each tag to one status.

export type FieldError = { readonly path: string; readonly message: string };

export type DomainError =
  | { readonly _tag: 'Unauthenticated'; readonly detail: string }
  | { readonly _tag: 'Forbidden'; readonly code: string; readonly detail: string }
  | { readonly _tag: 'NotFound'; readonly entity: string; readonly id: string }
  | { readonly _tag: 'Conflict'; readonly code: string; readonly detail: string; readonly errors?: readonly FieldError[] }
  | { readonly _tag: 'InvalidInput'; readonly code: string; readonly detail: string; readonly errors?: readonly FieldError[] }
  | { readonly _tag: 'RateLimited'; readonly retryAfterSeconds: number }
  /** A byte range outside an object of `size` bytes (a partial read of media content). */
  | { readonly _tag: 'RangeNotSatisfiable'; readonly size: number }
  /**
   * A model provider failed the request: `provider_unavailable` (502), `provider_invalid` (502: an
   * answer that is not a chat completion, or longer than allowed) or `provider_timeout` (504).
   */
  | { readonly _tag: 'Upstream'; readonly code: UpstreamCode; readonly detail: string };

export type UpstreamCode = 'provider_unavailable' | 'provider_invalid' | 'provider_timeout';

export const unauthenticated = (detail = 'Sign in to continue.'): DomainError => ({ _tag: 'Unauthenticated', detail });
export const forbidden = (detail: string, code = 'forbidden'): DomainError => ({ _tag: 'Forbidden', code, detail });
export const notFound = (entity: string, id: string): DomainError => ({ _tag: 'NotFound', entity, id });
export const conflict = (code: string, detail: string, errors?: readonly FieldError[]): DomainError =>
  errors === undefined ? { _tag: 'Conflict', code, detail } : { _tag: 'Conflict', code, detail, errors };
export const invalidInput = (code: string, detail: string, errors?: readonly FieldError[]): DomainError =>
  errors === undefined ? { _tag: 'InvalidInput', code, detail } : { _tag: 'InvalidInput', code, detail, errors };
export const rateLimited = (retryAfterSeconds: number): DomainError => ({ _tag: 'RateLimited', retryAfterSeconds });
export const rangeNotSatisfiable = (size: number): DomainError => ({ _tag: 'RangeNotSatisfiable', size });
export const upstream = (code: UpstreamCode, detail: string): DomainError => ({ _tag: 'Upstream', code, detail });

/** A reference in a body to a missing, deleted or other-tree record: 422, never a crossing of tenants. */
export const badReference = (field: string, what: string): DomainError =>
  invalidInput('invalid_reference', `${field} must name a live ${what} of this tree.`, [{ path: field, message: `no such ${what} in this tree` }]);
