import type { Stores } from '../shared/ports.js';
import type { LifeEvent, Name, Person, Place, Relationship } from '../people/model.js';
import type { Citation, Source } from '../sources/model.js';
import type { ArchiveRecord } from './archive.js';

/** Rows per bulk write: a few statements per batch, and a batch's rows are all that is held. */
const BATCH = 5000;

export type RecordBuffer = {
  /** Queues a row of a kind the bulk writer knows; writes the batch when it is full. */
  readonly add: (record: Exclude<ArchiveRecord, { readonly kind: 'media' | 'proposal' }>) => Promise<void>;
  /** Writes whatever is queued. */
  readonly flush: () => Promise<void>;
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
  let size = 0;
  const flush = async (): Promise<void> => {
    if (size === 0) return;
    const batch = { persons, names, places, relationships, events, sources, citations };
    persons = []; names = []; places = []; relationships = []; events = []; sources = []; citations = [];
    size = 0;
    await tx.bulk.insertAll(batch);
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
      }
      size += 1;
      if (size >= BATCH) await flush();
    },
    flush,
  };
};
