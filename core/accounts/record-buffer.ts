import type { Stores } from '../stores.js';
import type { LifeEvent, Name, Person, Place, Relationship } from '../people/model.js';
import type { Citation, Repository, Source } from '../sources/model.js';
import type { ArchiveRecord } from './archive.js';
import { BATCH_KEPT_CHARS } from '../gedcom/commands/import-rows.js';

/**
 * Rows per bulk write. Measured on the 100,000-person bench: 500 rows a statement was both faster
 * and flatter than 1,000 or 5,000 (larger statements leave large strings and buffers for the GC).
 */
const BATCH = 500;

export type RecordBuffer = {
  /** Queues a row of a kind the bulk writer knows; a full batch starts its write (the previous one done first). */
  readonly add: (record: Exclude<ArchiveRecord, { readonly kind: 'media' | 'proposal' | 'dismissal' | 'import' }>) => Promise<void>;
  /** Writes whatever is queued and waits until every write is done. */
  readonly flush: () => Promise<void>;
  /** Waits for a write in flight, failed or not (before the unit of work ends either way). */
  readonly settle: () => Promise<void>;
};

/** Restored rows written through the bulk writer in batches, in the order they were read. */
export const recordBuffer = (tx: Pick<Stores, 'bulk'>): RecordBuffer => {
  let persons: Person[] = [];
  let names: Name[] = [];
  let places: Place[] = [];
  let relationships: Relationship[] = [];
  let events: LifeEvent[] = [];
  let sources: Source[] = [];
  let citations: Citation[] = [];
  let repositories: Repository[] = [];
  let size = 0;
  // Characters of GEDCOM kept lines held: a batch is also sent past BATCH_KEPT_CHARS, as an import's
  // is, so rows with large kept lines are held in smaller batches (bounded by bytes, not rows alone).
  let kept = 0;
  // One write in flight while the next batch is read: the database and the parser work at once.
  let writing: Promise<void> = Promise.resolve();
  const send = async (): Promise<void> => {
    await writing;
    if (size === 0) return;
    const batch = { persons, names, places, relationships, events, sources, citations, repositories };
    persons = []; names = []; places = []; relationships = []; events = []; sources = []; citations = []; repositories = [];
    size = 0;
    kept = 0;
    writing = tx.bulk.insertAll(batch, { leanHistory: true });
    // Heard here so that an import that stops early leaves no unhandled rejection; the next
    // send or flush awaits it and so still sees the failure.
    writing.catch(() => undefined);
  };
  const flush = async (): Promise<void> => {
    await send();
    await writing;
  };
  return {
    add: async (r) => {
      switch (r.kind) {
        case 'person': persons.push(r.row); break;
        case 'name': names.push(r.row); break;
        case 'place': places.push(r.row); break;
        case 'relationship': relationships.push(r.row); break;
        case 'event': events.push(r.row); break;
        case 'source': sources.push(r.row); break;
        case 'citation': citations.push(r.row); break;
        case 'repository': repositories.push(r.row); break;
      }
      size += 1;
      if ('gedcomExtra' in r.row && typeof r.row.gedcomExtra === 'string') kept += r.row.gedcomExtra.length;
      if (size >= BATCH || kept >= BATCH_KEPT_CHARS) await send();
    },
    flush,
    settle: () => writing.catch(() => undefined),
  };
};
