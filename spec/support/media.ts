import type { ApiClient } from '../../client/index.js';
import type { TestService } from './service.js';
import { newId } from '../../core/kernel/ids.js';

const pid = (id: string) => ({ params: { path: { id } } });

export type UploadFields = { readonly title?: string; readonly person_id?: string; readonly event_id?: string; readonly source_id?: string };

/** Uploads through the generated client, as a browser form would: one `file` part and text fields. */
export const upload = (c: ApiClient, treeId: string, bytes: Uint8Array, o: UploadFields & { readonly type?: string; readonly name?: string } = {}) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: o.type ?? 'application/octet-stream' }), o.name ?? 'file.bin');
  for (const k of ['title', 'person_id', 'event_id', 'source_id'] as const) if (o[k] !== undefined) form.append(k, o[k]!);
  return c.POST('/trees/{id}/media', { ...pid(treeId), body: {} as never, bodySerializer: () => form });
};

/** The content endpoint, with raw headers (Range, If-None-Match). */
export const content = async (svc: TestService, token: string, mediaId: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${svc.baseUrl}/api/v1/media/${mediaId}/content`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
};


/** A media record without bytes (as a GEDCOM import makes from an OBJE whose file did not come), put straight into storage. */
export const givenMediaWithoutFile = async (svc: TestService, treeId: string): Promise<string> => {
  const id = newId();
  const now = new Date();
  await svc.storage.media.insert({
    id, treeId, title: 'Not uploaded', fileName: 'scan.png', contentType: '', size: 0, checksum: '', target: null, storageKey: null,
    filePath: 'scans/scan.png', form: 'png', createdBy: null, createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
  });
  return id;
};

/** `PUT /media/{id}/file` with these bytes. */
export const uploadFile = (c: ApiClient, mediaId: string, bytes: Uint8Array, type = 'image/png', name = 'scan.png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return c.PUT('/media/{id}/file', { params: { path: { id: mediaId } }, body: {} as never, bodySerializer: () => form });
};
