import { randomUUID } from 'node:crypto';
import pg from 'pg';

// The sessions every authenticated request reads first (SessionRepository.withUser), kept in the
// process so that a request costs one statement less: about 85 us of the service's thread and 70 us
// of PostgreSQL per request, a third of a person read.
//
// Right with several instances on one database, because PostgreSQL tells every instance what changed:
// - Triggers on sessions, users and memberships (migration 20270110090000_session_changes) send the
//   user's id on the channel `session_changes` when the transaction that changed them commits,
//   whoever wrote it (a command, the CLI, a purge, SQL by hand).
// - Each instance listens on a connection of its own (listenForSessionChanges) and drops that user's
//   sessions when the notice comes. While that connection is not known to be alive (before LISTEN
//   answered and a notice of its own came back, after an error, or when a heartbeat's notice has not
//   come back within HEARTBEAT_MS), nothing is kept or served from here: every request reads the
//   database, as without the cache. The heartbeat is a notice, not just a statement, so a connection
//   that answers statements but receives no notices (through pgbouncer's transaction mode) never
//   turns the cache on.
// - The instance that makes a change drops the user's sessions at once too (`changed`, called by the
//   repositories), and keeps none of that user's for SETTLE_MS, so a read that raced with the change
//   before its commit is not kept: the next request of the same client on this instance reads the
//   database, whatever the notice's delay.
// - A read that began before any change (or before the listener went live) is used but not kept.
// So another instance refuses a revoked session once the notice arrives: within milliseconds of the
// commit on a loopback or LAN connection, or HEARTBEAT_MS at most if the connection silently died.

export const SESSION_CHANGES = 'session_changes';

type Entry<V> = { readonly value: V; readonly userId: string; readonly until: number };

export type SessionCacheOptions = {
  /** Entries kept at most (the oldest go first). */
  readonly max?: number;
  /** How long an entry is kept even without a notice. */
  readonly ttlMs?: number;
  /** After a change made here, how long nothing of that user is kept. */
  readonly settleMs?: number;
  readonly now?: () => number;
};

export class SessionCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysOf = new Map<string, Set<string>>();
  /** Users changed here, until when nothing of theirs is kept. */
  private readonly settling = new Map<string, number>();
  /** Bumped by every change and every change of liveness: a read begun before it is not kept. */
  private epoch = 0;
  private live = false;
  private readonly max: number;
  private readonly ttlMs: number;
  private readonly settleMs: number;
  private readonly now: () => number;

  constructor(o: SessionCacheOptions = {}) {
    this.max = o.max ?? 10_000;
    this.ttlMs = o.ttlMs ?? 60_000;
    this.settleMs = o.settleMs ?? 2_000;
    this.now = o.now ?? Date.now;
  }

  /** The value for `key`, from here when kept, else from `load` (kept when it may be). */
  async read(key: string, load: () => Promise<V | null>, userOf: (v: V) => string): Promise<V | null> {
    if (this.live) {
      const hit = this.entries.get(key);
      if (hit !== undefined) {
        if (hit.until > this.now()) return hit.value;
        this.drop(key, hit.userId);
      }
    }
    const began = this.epoch;
    const value = await load();
    if (value !== null && this.live && this.epoch === began) {
      const userId = userOf(value);
      const until = this.settling.get(userId);
      if (until === undefined || until <= this.now()) this.keep(key, value, userId);
    }
    return value;
  }

  /** A change to the user's sessions, account or memberships made by this process (before its commit). */
  changed(userId: string): void {
    const now = this.now();
    if (this.settling.size >= this.max) for (const [u, until] of this.settling) if (until <= now) this.settling.delete(u);
    this.settling.set(userId, now + this.settleMs);
    this.forget(userId);
  }

  /** A committed change to the user, noticed by the listener. */
  forget(userId: string): void {
    this.epoch++;
    for (const key of this.keysOf.get(userId) ?? []) this.entries.delete(key);
    this.keysOf.delete(userId);
  }

  /** Whether entries may be kept and served: true only while the listener is known to be alive. */
  setLive(live: boolean): void {
    this.epoch++;
    this.live = live;
    this.entries.clear();
    this.keysOf.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, value: V, userId: string): void {
    const old = this.entries.get(key);
    if (old !== undefined) this.drop(key, old.userId);
    if (this.entries.size >= this.max) {
      const [oldest] = this.entries;
      if (oldest !== undefined) this.drop(oldest[0], oldest[1].userId);
    }
    this.entries.set(key, { value, userId, until: this.now() + this.ttlMs });
    const keys = this.keysOf.get(userId);
    if (keys === undefined) this.keysOf.set(userId, new Set([key]));
    else keys.add(key);
  }

  private drop(key: string, userId: string): void {
    this.entries.delete(key);
    const keys = this.keysOf.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOf.delete(userId);
  }
}

export const HEARTBEAT_MS = 1_000;
/** What a heartbeat's notice starts with (never a user's id). */
const PROBE = 'probe:';
/** The listener's application_name (pg_stat_activity shows it). */
export const LISTENER_NAME = 'session notices';

export type SessionListener = { readonly close: () => Promise<void> };

type ListenerOptions = {
  readonly heartbeatMs?: number;
  /** The connection failed or stopped answering: the cache is off until it is back. */
  readonly onDown?: (err: unknown) => void;
  readonly onUp?: () => void;
  /** Every notice on the channel, after it was acted on (an observer: specs wait on it). */
  readonly onNotice?: (payload: string) => void;
};

/**
 * Listens on `session_changes` over a connection of its own to `url` and tells `cache`: the user of
 * each notice is forgotten; the cache is live only while the connection's heartbeat comes back (a
 * notice of its own sent every heartbeatMs, which must arrive before the next is due). Reconnects
 * after a failure (1 s, doubling to 15 s). Resolves once the cache is live (LISTEN answered and the
 * first notice of its own came back), or that failed (the cache stays off, and it keeps trying).
 */
export const listenForSessionChanges = async (url: string, cache: SessionCache<unknown>, o: ListenerOptions = {}): Promise<SessionListener> => {
  const heartbeatMs = o.heartbeatMs ?? HEARTBEAT_MS;
  let closed = false;
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  let backoff = 1_000;
  let wasUp = false;

  const down = (c: pg.Client, err: unknown): void => {
    if (client !== c) return;
    client = null;
    cache.setLive(false);
    if (heartbeat !== null) clearInterval(heartbeat);
    heartbeat = null;
    c.end().catch(() => undefined);
    if (closed) return;
    if (wasUp) o.onDown?.(err);
    wasUp = false;
    retry = setTimeout(() => void connect(), backoff);
    retry.unref();
    backoff = Math.min(backoff * 2, 15_000);
  };

  const connect = async (): Promise<void> => {
    retry = null;
    if (closed) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_NAME });
    client = c;
    c.on('error', (err) => down(c, err));
    c.on('end', () => down(c, new Error('the session notices connection ended')));
    // The heartbeat's own notice (its probe) proves notices reach this connection; any other is a user's.
    let awaited: string | null = null;
    c.on('notification', (n) => {
      if (n.channel !== SESSION_CHANGES || n.payload === undefined) return;
      if (n.payload.startsWith(PROBE)) {
        if (n.payload === awaited) awaited = null;
      } else cache.forget(n.payload);
      o.onNotice?.(n.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${SESSION_CHANGES}`);
      // Live only once a notice of its own came back: a pooler that does not carry LISTEN (pgbouncer's
      // transaction mode) answers statements but delivers no notice, and the cache then stays off.
      const first = `${PROBE}${randomUUID()}:first`;
      const back = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), heartbeatMs);
        const seen = (n: pg.Notification): void => {
          if (n.payload !== first) return;
          clearTimeout(timer);
          c.off('notification', seen);
          resolve(true);
        };
        c.on('notification', seen);
      });
      await c.query('select pg_notify($1, $2)', [SESSION_CHANGES, first]);
      if (!(await back)) throw new Error(`no notice came back on the session notices connection within ${heartbeatMs} ms`);
    } catch (err) {
      down(c, err);
      return;
    }
    if (client !== c || closed) return;
    let beat = 0;
    const probe = (): void => {
      awaited = `${PROBE}${randomUUID()}:${beat++}`;
      c.query('select pg_notify($1, $2)', [SESSION_CHANGES, awaited]).catch((err: unknown) => down(c, err));
    };
    heartbeat = setInterval(() => {
      if (awaited !== null) return down(c, new Error(`no notice came back on the session notices connection within ${heartbeatMs} ms`));
      probe();
    }, heartbeatMs);
    heartbeat.unref();
    backoff = 1_000;
    wasUp = true;
    cache.setLive(true);
    o.onUp?.();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      if (heartbeat !== null) clearInterval(heartbeat);
      cache.setLive(false);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
};
