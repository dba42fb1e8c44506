// How copy-out.ts and raw-rows.ts read a statement's answer off pg's connection themselves: the
// socket's data goes to their reader instead of pg's while the answer they read comes, and back to
// pg's reader (with what was read past it) for the rest.

/** pg's connection socket, as far as taking its data is concerned. */
export type PgSocket = {
  readonly listeners: (event: 'data') => ((chunk: Buffer) => void)[];
  readonly removeListener: (event: 'data', f: (chunk: Buffer) => void) => void;
  readonly on: (event: 'data', f: (chunk: Buffer) => void) => void;
};

export type TakenSocket = {
  /** pg's own reader: give it whole messages, or everything from where it takes over. */
  readonly pg: (chunk: Buffer) => void;
  /** The socket's data back to pg's reader, which gets `rest` first (bytes already read that are its). */
  readonly giveBack: (rest: Buffer | null) => void;
};

/** Sends `socket`'s data to `onData` instead of pg's reader (its one listener; `who` names the taker in the error otherwise). */
export const takeSocket = (socket: PgSocket, onData: (chunk: Buffer) => void, who: string): TakenSocket => {
  const readers = socket.listeners('data');
  if (readers.length !== 1) throw new Error(`${who}: the connection is not pg's alone`);
  const pg = readers[0]!;
  socket.removeListener('data', pg);
  socket.on('data', onData);
  return {
    pg,
    giveBack: (rest) => {
      socket.removeListener('data', onData);
      socket.on('data', pg);
      if (rest !== null && rest.length > 0) pg(rest);
    },
  };
};
