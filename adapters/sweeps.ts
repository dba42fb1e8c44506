// A sweep of what a process keeps for a while (adapters/postgres/tree-indexes.ts,
// adapters/http/pages/public/kept-homes.ts): every `everyMs` while anything is kept, so what has aged
// out (what a purge erased, among it) leaves the process whether or not anyone asks for it again. The
// timer never keeps the process alive, and stops once a sweep leaves nothing kept.

export class Sweeps {
  private timer: NodeJS.Timeout | null = null;

  /** `sweep` removes what aged out and says whether anything is still kept. */
  constructor(private readonly everyMs: number, private readonly sweep: () => boolean) {}

  /** Sweeps every everyMs from now on, unless it already does. */
  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      if (!this.sweep()) this.stop();
    }, this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
