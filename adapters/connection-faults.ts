// What the pg driver (and the socket under it) reports when a database cannot be reached or is lost:
// the one list behind both the HTTP adapter's 503 (adapters/http/app.ts) and the read replica's fall
// back to the primary (adapters/postgres/read-replica.ts), which had drifted apart.

/**
 * The codes of a database that cannot be reached or went away: the socket's (refused, reset, timed
 * out, no route to the host or its network, no such host, a broken pipe) and PostgreSQL's 57P01-57P03
 * (shut down, crashed, starting up) and 53300 (too many connections). Class 08 (connection
 * exceptions) counts too: `isConnectionFaultCode`.
 */
const CONNECTION_FAULT_CODES: readonly string[] = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03', '53300'];

const FAULTS = new Set(CONNECTION_FAULT_CODES);

/**
 * Whether `err`, which carries `code`, says its database cannot be reached: one of
 * CONNECTION_FAULT_CODES, class 08, or a connect to a Unix socket whose file is gone (its server is
 * down: a DATABASE_URL naming a socket's folder), not a file the service reads.
 */
export const isConnectionFaultCode = (err: unknown, code: string): boolean =>
  FAULTS.has(code) || code.startsWith('08') || (code === 'ENOENT' && (err as { syscall?: unknown })?.syscall === 'connect');
