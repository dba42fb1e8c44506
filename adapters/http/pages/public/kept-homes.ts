// A public tree's home pages (tree.ts), kept as rendered in the process by their ETag. An ETag is
// made from everything that decides a page (frame.ts pageEtag: the tree's change stamp, which moves
// at every change of its records, the letter and page, the year, BASE_URL, the renderer's version),
// which is what lets a client's If-None-Match be answered 304 without rendering. For the same reason
// a page rendered for an ETag is the page for that ETag: a later visit whose tree stamp gives the same
// ETag is answered with it, at the cost of the stamp's read (the privacy check runs before, as for a
// 304). Rendering a home (200 surnames, the counts, the home person) cost the service about 2.4 ms and
// three statements more per visit.
//
// Bounded like the tree indexes it is rendered from (adapters/postgres/tree-indexes.ts): per tree only
// the pages of its last stamp and year, a page lives at most KEEP_MS (a sweep every SWEEP_MS while
// anything is kept, so what a purge erased leaves the process whether or not anyone visits again),
// and at most MAX_CHARS characters of HTML in all, the trees kept longest going first.

import { Sweeps } from '../../../sweeps.js';

const KEEP_MS = 10 * 60 * 1000;
const SWEEP_MS = 60 * 1000;
const MAX_CHARS = 16 * 1024 * 1024;

type Kept = { readonly version: string; readonly at: number; readonly pages: Map<string, string>; chars: number };

export class KeptHomes {
  private readonly trees = new Map<string, Kept>();
  private chars = 0;
  private readonly sweeps: Sweeps;
  private readonly now: () => number;
  private readonly keepMs: number;
  private readonly maxChars: number;

  constructor(o: { readonly now?: () => number; readonly keepMs?: number; readonly sweepMs?: number; readonly maxChars?: number } = {}) {
    this.now = o.now ?? Date.now;
    this.keepMs = o.keepMs ?? KEEP_MS;
    this.maxChars = o.maxChars ?? MAX_CHARS;
    this.sweeps = new Sweeps(o.sweepMs ?? SWEEP_MS, () => this.sweep());
  }

  /** The page kept for the tree under `etag`, if any (no older than KEEP_MS). */
  get(treeId: string, etag: string): string | undefined {
    const kept = this.trees.get(treeId);
    if (kept === undefined) return undefined;
    if (this.now() - kept.at > this.keepMs) {
      this.forget(treeId);
      return undefined;
    }
    return kept.pages.get(etag);
  }

  /**
   * Keeps `html` as the tree's page under `etag`. `version` names what decides all of the tree's pages
   * but their address (its stamp and the year): pages of another version are forgotten.
   */
  keep(treeId: string, version: string, etag: string, html: string): void {
    if (html.length > this.maxChars) return;
    let kept = this.trees.get(treeId);
    if (kept !== undefined && (kept.version !== version || this.now() - kept.at > this.keepMs)) {
      this.forget(treeId);
      kept = undefined;
    }
    if (kept === undefined) {
      kept = { version, at: this.now(), pages: new Map(), chars: 0 };
      this.trees.set(treeId, kept);
    }
    const before = kept.pages.get(etag);
    if (before !== undefined) return;
    kept.pages.set(etag, html);
    kept.chars += html.length;
    this.chars += html.length;
    this.sweeps.start();
    // The trees kept longest first (a Map keeps insertion order; a tree of a new version is inserted anew).
    for (const [id] of this.trees) {
      if (this.chars <= this.maxChars) break;
      this.forget(id);
    }
  }

  /** Characters of HTML kept in all. */
  get size(): number {
    return this.chars;
  }

  /** Forgets every tree kept longer than KEEP_MS; whether anything is still kept (the sweeps stop once nothing is). */
  sweep(): boolean {
    const now = this.now();
    for (const [id, kept] of this.trees) if (now - kept.at > this.keepMs) this.forget(id);
    return this.trees.size > 0;
  }

  /** Stops the sweeps. */
  close(): void {
    this.sweeps.stop();
  }

  private forget(treeId: string): void {
    const kept = this.trees.get(treeId);
    if (kept === undefined) return;
    this.trees.delete(treeId);
    this.chars -= kept.chars;
  }
}
