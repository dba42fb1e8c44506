import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from './errors.js';

export { E };
export type Result<A> = E.Either<DomainError, A>;
export type AsyncResult<A> = Promise<Result<A>>;
export const ok = <A>(a: A): Result<A> => E.right(a);
export const fail = <A = never>(e: DomainError): Result<A> => E.left(e);
