import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, type AsyncResult } from '../../kernel/either.js';
import { conflict } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { editableRecord } from '../../trees/editable.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { MediaDeps } from '../deps.js';
import { mediaStorageKey, type Media } from '../model.js';
import { decideContentType } from '../sniff.js';
import { discardBlobs } from '../discard-blobs.js';
import type { IncomingFile } from './upload-media.js';

const alreadyUploaded = () => conflict('file_uploaded_already', 'This media item has its file already: upload a new item instead.');

const baseName = (name: string | null, path: string): string =>
  ((name ?? '') === '' ? path : name!).split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);

/** Cheap checks before a byte is received: an editor of the item's tree, and an item still without its file. */
export const mayFillMediaFile =
  (deps: Pick<QueryDeps<'trees' | 'memberships' | 'media'>, 'storage'>) =>
  async (actor: Actor, id: Id): AsyncResult<void> => {
    const found = await editableRecord(deps.storage, actor, 'media', id, await deps.storage.media.byId(id));
    if (E.isLeft(found)) return found;
    return found.right.record.storageKey === null ? E.right(undefined) : fail(alreadyUploaded());
  };

/**
 * Gives a media record without bytes (a GEDCOM OBJE whose file did not come) its file: the bytes are
 * stored first, then the record takes them in one audited transaction, its content type decided from
 * the bytes as an upload's is. Its title, attachment, path and format stay. A record with its file
 * already is 409 `file_uploaded_already` (of two uploads at once, the second), and the bytes are removed again.
 */
export const fillMediaFile =
  (deps: CommandDeps<'trees' | 'memberships' | 'media' | 'audit'> & Pick<QueryDeps<'blobRemovals' | 'trees' | 'memberships' | 'media'>, 'storage'> & MediaDeps) =>
  async (actor: Actor, id: Id, file: IncomingFile): AsyncResult<Media> => {
    const checked = await mayFillMediaFile(deps)(actor, id);
    if (E.isLeft(checked)) return checked;
    const before = (await deps.storage.media.byId(id))!;
    const contentType = decideContentType(file.head, file.declaredType, file.size);
    if (E.isLeft(contentType)) return contentType;
    const key = mediaStorageKey(before.treeId, id);
    await deps.blobs.put(key, file.open(), file.size);
    try {
      const written = await deps.storage.uow.run(async (tx) => {
        const found = await editableRecord(tx, actor, 'media', id, await tx.media.byId(id));
        if (E.isLeft(found)) return found;
        const m = found.right.record;
        const filled: Media = {
          ...m, storageKey: key, checksum: file.sha256, size: file.size, contentType: contentType.right, fileName: baseName(file.fileName, m.filePath),
          updatedAt: deps.clock.now(),
        };
        if (!(await tx.media.fillFile(filled))) return fail(alreadyUploaded());
        await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'media.file', { type: 'media', id, treeId: m.treeId }, {
          content_type: filled.contentType, size: filled.size,
        }));
        return E.right(filled);
      });
      if (E.isLeft(written)) await discardBlobs(deps, [key]);
      return written;
    } catch (err) {
      await discardBlobs(deps, [key]);
      throw err;
    }
  };
