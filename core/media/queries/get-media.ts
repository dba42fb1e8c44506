import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { conflict, notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerFor } from '../../privacy/reader.js';
import type { ByteRange, BlobBody, BlobStore } from '../blob-store.js';
import type { QueryDeps } from '../../deps.js';
import type { Media } from '../model.js';
import { mediaShown } from '../../privacy/shown.js';

type GetMediaStores = 'trees' | 'memberships' | 'media' | 'persons' | 'names' | 'events' | 'relationships' | 'sources';

/** One media item; deleted or withheld from a non-member: 404, as if it did not exist. */
export const getMedia =
  (deps: QueryDeps<GetMediaStores>) =>
  async (actor: Actor, id: Id): AsyncResult<Media> => {
    const m = await deps.storage.media.byId(id);
    if (m === null) return fail(notFound('media', id));
    const reader = await readerFor(deps.storage, actor, m.treeId, 'members');
    if (E.isLeft(reader)) return reader;
    if (m.deletedAt !== null) return fail(notFound('media', id));
    if (reader.right.member) return ok(m);
    return (await mediaShown(deps.storage, m, deps.clock.now())) ? ok(m) : fail(notFound('media', id));
  };

/**
 * The bytes of a media item after the same visibility check as getMedia. `open` streams the whole
 * object or an inclusive range of it; it throws BlobStoreUnavailableError when the store is down.
 */
export const mediaContent =
  (deps: QueryDeps<GetMediaStores> & { readonly blobs: BlobStore }) =>
  async (actor: Actor, id: Id): AsyncResult<{ readonly media: Media; readonly open: (range?: ByteRange) => Promise<BlobBody> }> => {
    const found = await getMedia(deps)(actor, id);
    if (E.isLeft(found)) return found;
    const media = found.right;
    const key = media.storageKey;
    if (key === null) return fail(conflict('file_not_uploaded', 'This media item has no file yet: its record came from a GEDCOM file without it. Upload it with PUT /media/{id}/file.'));
    return ok({
      media,
      open: async (range) => {
        const body = await deps.blobs.get(key, range);
        if (body === null) throw new Error(`media ${media.id}: its object ${key} is missing from the store`);
        return body;
      },
    });
  };
