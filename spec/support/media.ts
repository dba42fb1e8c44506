import type { ApiClient } from '../../client/index.js';
import type { TestService } from './service.js';

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

