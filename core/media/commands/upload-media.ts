import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, type AsyncResult } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import { accessTree } from '../../trees/access.js';
import type { BlobBody } from '../blob-store.js';
import type { CommandDeps, QueryDeps } from '../../deps.js';
import type { MediaDeps } from '../deps.js';
import { mediaStorageKey, type Media } from '../model.js';
import { decideContentType } from '../sniff.js';
import { discardBlobs } from '../discard-blobs.js';
import { checkTarget, targetOf, type TargetInput } from '../target.js';

/** The uploaded file, already received whole (size and checksum known) and readable again from the start. */
export type IncomingFile = {
  readonly size: number;
  /** SHA-256, lower-case hex. */
  readonly sha256: string;
  /** The first bytes (up to SNIFF_BYTES), for content sniffing. */
  readonly head: Uint8Array;
  readonly declaredType: string | null;
  readonly fileName: string | null;
  readonly open: () => BlobBody;
};

export type UploadInput = TargetInput & { readonly title?: string; readonly file: IncomingFile };

/** Cheap checks before a byte is received: an upload needs the editor role on a live tree. */
export const mayUploadMedia =
  (deps: Pick<QueryDeps<'trees' | 'memberships'>, 'storage'>) =>
  async (actor: Actor, treeId: Id): AsyncResult<void> =>
    E.map(() => undefined)(await accessTree(deps.storage, actor, treeId, 'editor'));

const baseName = (name: string | null): string => (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);

/**
 * Stores the bytes first, then the metadata row in one audited transaction: a row never points at a
 * blob that was not stored. When the row cannot be written the blob is removed again (or, when the
 * store fails that too, queued for removal).
 */
export const uploadMedia =
  (deps: CommandDeps<'trees' | 'memberships' | 'persons' | 'events' | 'sources' | 'media' | 'audit'> & Pick<QueryDeps<'blobRemovals'>, 'storage'> & MediaDeps) =>
  async (actor: Actor, treeId: Id, input: UploadInput): AsyncResult<Media> => {
    const target = targetOf(input);
    if (E.isLeft(target)) return target;
    const title = (input.title ?? '').trim();
    if (title.length > 1000) return fail(invalidInput('invalid_input', 'The title is too long.', [{ path: 'title', message: 'at most 1000 characters' }]));
    const contentType = decideContentType(input.file.head, input.file.declaredType, input.file.size);
    if (E.isLeft(contentType)) return contentType;
    const pre = await deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      return checkTarget(tx, treeId, target.right ?? null);
    });
    if (E.isLeft(pre)) return pre;

    const id = newId();
    const key = mediaStorageKey(treeId, id);
    await deps.blobs.put(key, input.file.open(), input.file.size);
    try {
      const written = await deps.storage.uow.run(async (tx) => {
        const access = await accessTree(tx, actor, treeId, 'editor');
        if (E.isLeft(access)) return access;
        const checked = await checkTarget(tx, treeId, target.right ?? null);
        if (E.isLeft(checked)) return checked;
        const now = deps.clock.now();
        const media: Media = {
          id, treeId, title, fileName: baseName(input.file.fileName), contentType: contentType.right, size: input.file.size,
          checksum: input.file.sha256, target: checked.right, storageKey: key, filePath: '', form: '', createdBy: actorId(actor),
          createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
        };
        await tx.media.insert(media);
        await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'media.create', { type: 'media', id, treeId }, {
          content_type: media.contentType, size: media.size,
          target_kind: media.target?.kind ?? null, target_id: media.target?.id ?? null,
        }));
        return E.right(media);
      });
      if (E.isLeft(written)) await discardBlobs(deps, [key]);
      return written;
    } catch (err) {
      await discardBlobs(deps, [key]);
      throw err;
    }
  };
