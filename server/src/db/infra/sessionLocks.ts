import pg from "pg";

/**
 * Advisory locks held by a connection of their own: a lock lasts as long as the session, so when the
 * process dies or the connection drops the lock goes with it and another process takes over.
 */
export interface SessionLocks {
  /** Whether this session holds the two-int advisory lock `(space, key)` now (taken if free). */
  tryLock(space: number, key: number): Promise<boolean>;
  /** Ends the session, releasing its locks. */
  close(): Promise<void>;
}

/** `onLost` runs when the connection drops: every lock it held is gone. A later tryLock reconnects. */
export function createSessionLocks(databaseUrl: string, onLost: (error: Error) => void): SessionLocks {
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    // Callers ask at once on start: one connection for all of them.
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString: databaseUrl });
      fresh.on("error", (error) => {
        if (client !== fresh) return;
        client = undefined;
        onLost(error);
      });
      try {
        await fresh.connect();
      } catch (error) {
        await fresh.end().catch(() => {});
        throw error;
      }
      client = fresh;
      return fresh;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    async tryLock(space, key) {
      const { rows } = await (
        await connection()
      ).query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS locked", [space, key]);
      return rows[0]?.locked === true;
    },
    async close() {
      await connecting?.catch(() => undefined);
      const held = client;
      client = undefined;
      await held?.end().catch(() => {});
    },
  };
}
