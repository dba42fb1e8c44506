import { DriverException } from '@mikro-orm/core';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

type ErrorLike = { readonly name?: unknown; readonly message?: unknown; readonly code?: unknown; readonly cause?: unknown; readonly [key: string]: unknown };

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** The schema names PostgreSQL attaches to an error: they say where, never what. */
const SCHEMA_FIELDS = ['table', 'constraint', 'column', 'routine'] as const;
const IDENTIFIER = /^"?([a-z_]\w{0,62})"?$/;

const isDriverError = (e: ErrorLike): boolean => e instanceof DriverException || (typeof e.code === 'string' && SQLSTATE.test(e.code));

// MikroORM's DriverException inherits every property of the pg error, and both its message and its
// stack start with the statement with its values inlined. Only the words before the first value
// are kept: the verb and, for a write, its table.
const statementShape = (message: unknown): string | undefined => {
  if (typeof message !== 'string') return undefined;
  const words = message.trimStart().slice(0, 200).split(/\s+/, 3).map((w) => w.toLowerCase());
  const [verb, second, third] = words;
  const ident = (w: string | undefined): string | undefined => (w === undefined ? undefined : IDENTIFIER.exec(w)?.[1]);
  if (verb === 'insert' && second === 'into') return ident(third) ? `insert into ${ident(third)}` : 'insert';
  if (verb === 'delete' && second === 'from') return ident(third) ? `delete from ${ident(third)}` : 'delete';
  if (verb === 'update') return ident(second) ? `update ${ident(second)}` : 'update';
  return verb !== undefined && ['select', 'with', 'begin', 'commit', 'rollback', 'savepoint', 'release', 'create', 'alter', 'drop', 'set', 'lock'].includes(verb) ? verb : undefined;
};

/**
 * A database error by its code, class and statement shape; its message, detail and stack hold row
 * values (a connection error's message carries the statement it interrupted).
 */
const describeDriverError = (e: ErrorLike) => {
  const out: Record<string, unknown> = { type: typeof e.name === 'string' ? e.name : 'DatabaseError' };
  if (typeof e.code === 'string') out['code'] = e.code;
  // Ours (adapters/postgres/sql.ts) carry their statement's text; MikroORM's start their message with it.
  const shape = statementShape(typeof e['statement'] === 'string' ? e['statement'] : e.message);
  if (shape !== undefined) out['statement'] = shape;
  for (const k of SCHEMA_FIELDS) if (typeof e[k] === 'string') out[k] = e[k];
  return out;
};

/** The database error in `err`'s cause chain, if any. */
const driverErrorIn = (err: unknown): ErrorLike | undefined => {
  for (let e: unknown = err, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as ErrorLike).cause, depth++)
    if (isDriverError(e as ErrorLike)) return e as ErrorLike;
  return undefined;
};

/**
 * The `err` serializer of every log line: a database error anywhere in the cause chain is logged by
 * its code and statement shape only, so no call site can log a person's notes, an email or a password
 * hash that a failed statement carried. Other errors keep pino's standard form (type, message, stack).
 */
export const serializeError = (err: unknown): unknown => {
  if (typeof err !== 'object' || err === null) return err;
  const driver = driverErrorIn(err);
  if (driver === undefined) return err instanceof Error ? stdSerializers.err(err) : err;
  const described = describeDriverError(driver);
  const outer = err as ErrorLike;
  return driver === err ? described : { type: typeof outer.name === 'string' ? outer.name : 'Error', cause: described };
};

/**
 * Standard output, a buffer at a time: lines gather and leave in one write once they hold
 * LOG_BUFFER_BYTES, or at the next tick of FLUSH_MS, whichever comes first, and whatever is left when
 * the process exits (an exit, an uncaught error, the end of its work). A write per line was one
 * write(2) per request: about 45 us of the service's CPU in a person read of 300 us (npm run bench --
 * reads, LOG_LEVEL=info). The writes stay synchronous, so no write is in flight when the process
 * ends; only a killed process loses its last lines (at most FLUSH_MS of them). pino's own exit hook
 * is only for asynchronous destinations, and its registry lost ours once other modules were loaded
 * (spec/bootstrap/logger-destination.spec.ts): the flush at exit is registered here.
 */
const LOG_BUFFER_BYTES = 4096;
const FLUSH_MS = 200;
export const stdoutDestination = (): DestinationStream => {
  const destination = pino.destination({ dest: 1, sync: true, minLength: LOG_BUFFER_BYTES, periodicFlush: FLUSH_MS });
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Standard output is gone (a closed pipe): nothing can be written anywhere.
    }
  });
  return destination;
};

/** Structured JSON logs; secrets are redacted wherever a careless log call might put them. */
export const createLogger = (level: Config['logLevel'], destination?: DestinationStream): Logger =>
  pino(
    {
      level,
      redact: { paths: ['password', '*.password', 'token', '*.token', 'cookie', '*.cookie', 'authorization', '*.authorization', 'req.headers'], censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        // `logger.error(err)` makes the error's message the line's message: not a database error's.
        logMethod(args, method) {
          const [first, second] = args as unknown[];
          if (first instanceof Error && typeof second !== 'string' && driverErrorIn(first) !== undefined) return method.call(this, first, 'database error');
          return method.apply(this, args);
        },
      },
    },
    destination ?? stdoutDestination(),
  );
