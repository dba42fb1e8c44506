import pg from 'pg';

/** One line per other backend of the server: its database, state, what it waits on, for how long, and its statement's start. */
const ACTIVITY = `select a.pid, a.datname, a.state, a.wait_event_type, a.wait_event,
    round(extract(epoch from now() - a.query_start)::numeric, 1) as secs, left(regexp_replace(a.query, '\\s+', ' ', 'g'), 160) as query,
    (select string_agg(l.locktype || ':' || l.mode, ',') from pg_locks l where l.pid = a.pid and not l.granted) as waiting_for,
    pg_blocking_pids(a.pid) as blocked_by
  from pg_stat_activity a where a.pid <> pg_backend_pid() and a.backend_type = 'client backend' order by a.datname, a.pid`;

/** What every other backend of the server is doing now, one JSON line each (ACTIVITY). */
export const activityOf = async (db: pg.Client): Promise<string> => (await db.query(ACTIVITY)).rows.map((r) => JSON.stringify(r)).join('\n');

/**
 * `work`, failing after `ms` with what every backend of the server was doing at that moment (state,
 * wait event, the locks it waits for and who holds them, its statement), instead of a bare timeout.
 * For a spec step that has stalled once on a CI machine and never where it could be looked at.
 */
export const reportStall = async <T>(databaseUrl: string, ms: number, what: string, work: () => Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void (async () => {
        const db = new pg.Client({ connectionString: databaseUrl });
        let report: string;
        try {
          await db.connect();
          report = await activityOf(db);
        } catch (e) {
          report = `(the server's activity could not be read: ${String(e)})`;
        } finally {
          await db.end().catch(() => undefined);
        }
        reject(new Error(`${what}: not done after ${ms} ms; the server's backends then:\n${report}`));
      })();
    }, ms);
  });
  try {
    return await Promise.race([work(), stalled]);
  } finally {
    clearTimeout(timer);
  }
};
