import { createHash } from 'node:crypto';
import { auditEntry } from '../../kernel/audit-entry.js';
import { signedInUser, type Actor, type UserActor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import { E, fail, ok, type AsyncResult, type Result } from '../../kernel/either.js';
import { invalidInput, type DomainError } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { Stores } from '../../stores.js';
import type { BlobBody } from '../../media/blob-store.js';
import type { MediaDeps } from '../../media/deps.js';
import { mediaStorageKey, type Media } from '../../media/model.js';
import { decideContentType, SNIFF_BYTES } from '../../media/sniff.js';
import { discardBlobs } from '../../media/discard-blobs.js';
import { keepLifeFacts } from '../../people/keep-life-facts.js';
import { birthFacts, deathFacts, type EventType } from '../../people/model.js';
import { checkTreeName } from '../../trees/commands/update-tree.js';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, zeroCounts, type ArchiveCounts, type ArchiveMember, type ArchiveTree } from '../archive.js';
import type { ArchiveSource } from '../ports.js';
import { freshIdMap } from '../remap.js';
import { admit, startTree, type People, type TreeRestore } from '../tree-restore.js';
import { recordBuffer, type RecordBuffer } from '../record-buffer.js';

const lifeFactTypes: readonly EventType[] = [...birthFacts, ...deathFacts];
const FACTS_BATCH = 500;

/** What a restore writes in its transaction. */
type ImportStores = 'users' | 'trees' | 'memberships' | 'persons' | 'events' | 'media' | 'proposals' | 'duplicates' | 'bulk' | 'archive' | 'audit';

/** The transaction, and the blob store with the queue for what a failed restore could not remove again. */
export type ImportDeps = CommandDeps<ImportStores> & Pick<QueryDeps<'blobRemovals'>, 'storage'> & MediaDeps;

export type RestoredTree = {
  readonly sourceId: Id;
  readonly id: Id;
  readonly name: string;
  readonly counts: ArchiveCounts;
  /** Members of the original tree other than the exporting account: not restored (they keep no access). */
  readonly membersNotRestored: readonly { readonly email: string; readonly role: ArchiveMember['role'] }[];
};

export type ImportReport = { readonly trees: readonly RestoredTree[]; readonly counts: ArchiveCounts };

export const invalidArchive = (reason: string): DomainError => invalidInput('invalid_archive', `This file cannot be restored: ${reason}.`);

/**
 * Who may restore a backup: a signed-in user, never a restricted session (an unverified email). A
 * host checks it before it reads the upload; importAccount checks it again.
 */
export const mayImportAccount = (actor: Actor): Result<UserActor> => signedInUser(actor);

/**
 * Restores a backup (`POST /users/me/import`, API.md "Accounts") into NEW trees owned by the caller,
 * every record with a new id and every reference remapped, media stored again under the new ids with
 * their checksums verified. All or nothing: the records are written in one transaction, and the
 * objects stored before a failure are removed again (or queued for removal). Existing trees are never
 * read or written. Members other than the caller are not restored; the report names them.
 */
export const importAccount =
  (deps: ImportDeps) =>
  async (caller: Actor, source: ArchiveSource): AsyncResult<ImportReport> => {
    const signedIn = mayImportAccount(caller);
    if (E.isLeft(signedIn)) return signedIn;
    const actor = signedIn.right;
    const h = source.header;
    if (h.format !== ARCHIVE_FORMAT) return fail(invalidArchive(`it is not an account export of this service (its format is ${JSON.stringify(h.format.slice(0, 100))})`));
    if (!Number.isSafeInteger(h.version) || h.version < 1) return fail(invalidArchive(`its format version ${h.version} is not one this service writes`));
    if (h.version > ARCHIVE_VERSION) return fail(invalidArchive(`it is format version ${h.version}; this service reads up to version ${ARCHIVE_VERSION}`));
    const stored: string[] = [];
    try {
      const result = await deps.storage.uow.run((tx) => restoreAll(deps, tx, actor.userId, source, stored));
      if (E.isLeft(result)) await discardBlobs(deps, stored);
      return result;
    } catch (err) {
      await discardBlobs(deps, stored);
      throw err;
    }
  };

const restoreAll = async (deps: Pick<ImportDeps, 'clock' | 'blobs'>, tx: Pick<Stores, ImportStores>, userId: Id, source: ArchiveSource, stored: string[]): AsyncResult<ImportReport> => {
  const people: People = { exporter: source.header.userId, restorer: userId };
  const report: RestoredTree[] = [];
  const total = zeroCounts();
  const treesSeen = new Set<Id>();
  const filesUsed = new Set<Id>();
  let selfPerson: Id | null = null;
  let current: { readonly t: TreeRestore; readonly counts: ReturnType<typeof zeroCounts>; readonly buffer: RecordBuffer } | null = null;

  const buffers: RecordBuffer[] = [];
  const withFacts = new Set<Id>();
  const keepFactsOf = async (ids: Set<Id>): Promise<void> => {
    await keepLifeFacts(tx, [...ids]);
    ids.clear();
  };

  const finish = async (): AsyncResult<void> => {
    if (current === null) return ok(undefined);
    const { t, counts, buffer } = current;
    await buffer.flush();
    const home = t.source.homePersonId;
    if (home !== null) {
      if (!t.seen.person.has(home)) return fail(invalidArchive(`the home person ${home} of tree ${t.source.id} is not in the backup`));
      const tree = await tx.trees.byId(t.id);
      if (tree !== null) await tx.trees.update({ ...tree, homePersonId: t.map(home) });
    }
    await tx.audit.record(auditEntry(deps.clock, userId, 'tree.import', { type: 'tree', id: t.id, treeId: t.id }, { source_id: t.source.id, ...counts }));
    report.push({
      sourceId: t.source.id, id: t.id, name: t.source.name, counts: { ...counts },
      membersNotRestored: t.source.members.filter((m) => m.userId !== people.exporter).map((m) => ({ email: m.email, role: m.role })),
    });
    current = null;
    return ok(undefined);
  };

  const readAll = async (): AsyncResult<ImportReport> => {
    for await (const item of source.items()) {
      if (item.kind === 'fault') return fail(invalidArchive(item.reason));
      if (item.kind === 'tree') {
        const done = await finish();
        if (E.isLeft(done)) return done;
        if (treesSeen.has(item.tree.id)) return fail(invalidArchive(`tree ${item.tree.id} appears twice`));
        treesSeen.add(item.tree.id);
        const opened = await openTree(deps, tx, userId, item.tree);
        if (E.isLeft(opened)) return opened;
        const buffer = recordBuffer(tx);
        buffers.push(buffer);
        current = { t: opened.right, counts: zeroCounts(), buffer };
        current.counts.tree = 1;
        total.tree += 1;
        continue;
      }
      if (current === null) return fail(invalidArchive(`a ${item.kind} comes before any tree`));
      const admitted = admit(current.t, item, people);
      if (!admitted.ok) return fail(invalidArchive(admitted.reason));
      const record = admitted.record;
      if (item.kind === 'person' && item.row.id === source.header.selfPersonId) selfPerson = record.row.id;
      if (record.kind === 'media') {
        await current.buffer.flush();
        const media = await restoreFile(deps, source, item.row as Media, record.row, stored);
        if (E.isLeft(media)) return media;
        filesUsed.add(item.row.id);
        await tx.media.insert(media.right);
      } else if (record.kind === 'proposal') {
        await current.buffer.flush();
        await tx.proposals.insert(record.row);
      } else if (record.kind === 'import') {
        // The records it kept whole, for export; no row refers to an import.
        await tx.archive.restoreImport(record.row);
      } else if (record.kind === 'dismissal') {
        // After its persons are written (a foreign key); admit refused a repeated pair, so it is new.
        await current.buffer.flush();
        await tx.duplicates.dismiss(record.row);
      } else {
        await current.buffer.add(record);
        // Persons are written before their events: those with a birth or death fact get their kept
        // facts once those events are written, FACTS_BATCH persons at a time so memory stays flat
        // (a person whose facts come in two batches is kept twice, the second time from all of them).
        if (record.kind === 'event' && record.row.personId !== null && lifeFactTypes.includes(record.row.type)) {
          withFacts.add(record.row.personId);
          if (withFacts.size >= FACTS_BATCH) {
            await current.buffer.flush();
            await keepFactsOf(withFacts);
          }
        }
      }
      current.counts[item.kind] += 1;
      total[item.kind] += 1;
    }
    const done = await finish();
    if (E.isLeft(done)) return done;
    await keepFactsOf(withFacts);
    const stray = source.mediaIds().find((id) => !filesUsed.has(id));
    if (stray !== undefined) return fail(invalidArchive(`the file media/${stray} belongs to no media record`));
    if (selfPerson !== null) {
      const user = await tx.users.byId(userId);
      if (user !== null && user.selfPersonId === null) await tx.users.update({ ...user, selfPersonId: selfPerson });
    }
    await tx.audit.record(auditEntry(deps.clock, userId, 'account.import', { type: 'user', id: userId, treeId: null }, {
      tree_ids: report.map((r) => r.id), source_tree_ids: report.map((r) => r.sourceId), ...total,
    }));
    return ok({ trees: report, counts: total });
  };

  try {
    return await readAll();
  } finally {
    // No write may still be running on the transaction when the unit of work commits or rolls back.
    for (const b of buffers) await b.settle();
  }
};

/** A new tree with the backup's fields (the home person is set when its persons are in), owned by the caller. */
const openTree = async (deps: { readonly clock: Clock }, tx: Pick<Stores, 'trees' | 'memberships'>, userId: Id, source: ArchiveTree): AsyncResult<TreeRestore> => {
  const bad = checkTreeName(source.name);
  if (bad) return fail(invalidArchive(`tree ${source.id} has no usable name`));
  const id = newId();
  const { members: _members, ...fields } = source;
  await tx.trees.insert({ ...fields, id, homePersonId: null, deletedAt: null });
  await tx.memberships.insert({ treeId: id, userId, role: 'owner', createdAt: deps.clock.now() });
  return ok(startTree(source, id, freshIdMap()));
};

/**
 * Stores a media item's file under its new key, counting and hashing the bytes on the way: a size or
 * checksum that differs from the record's, or bytes that break off, refuse the backup. The content
 * type is decided from the bytes again, as an upload's is.
 */
const restoreFile = async (deps: Pick<MediaDeps, 'blobs'>, source: ArchiveSource, old: Media, row: Media, stored: string[]): AsyncResult<Media> => {
  // A record whose file was never uploaded comes without one (account-json: `file_uploaded: false`).
  if (old.storageKey === null) return ok({ ...row, storageKey: null });
  const file = source.mediaFile(old.id);
  if (file === null) return fail(invalidArchive(`the file of media ${old.id} is missing`));
  if (file.size !== old.size) return fail(invalidArchive(`the file of media ${old.id} holds ${file.size} bytes, its record says ${old.size}`));
  const key = mediaStorageKey(row.treeId, row.id);
  const hash = createHash('sha256');
  let head: Uint8Array = new Uint8Array(0);
  let broken: unknown = null;
  const counted = async function* (body: BlobBody): BlobBody {
    try {
      for await (const chunk of body) {
        hash.update(chunk);
        if (head.length < SNIFF_BYTES) head = concatHead(head, chunk);
        yield chunk;
      }
    } catch (err) {
      broken = err;
      throw err;
    }
  };
  stored.push(key);
  try {
    await deps.blobs.put(key, counted(await file.open()), old.size);
  } catch (err) {
    if (broken !== null) return fail(invalidArchive(`the file of media ${old.id} is damaged`));
    throw err;
  }
  if (hash.digest('hex') !== old.checksum) return fail(invalidArchive(`the file of media ${old.id} does not match its checksum`));
  const contentType: Result<string> = decideContentType(head, old.contentType, old.size);
  if (E.isLeft(contentType)) return fail(invalidArchive(`the file of media ${old.id} is not the ${old.contentType} its record says`));
  return ok({ ...row, storageKey: key, contentType: contentType.right });
};

const concatHead = (head: Uint8Array, chunk: Uint8Array): Uint8Array => {
  const out = new Uint8Array(Math.min(SNIFF_BYTES, head.length + chunk.length));
  out.set(head);
  out.set(chunk.subarray(0, out.length - head.length), head.length);
  return out;
};
