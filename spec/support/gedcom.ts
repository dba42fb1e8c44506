import type { ApiClient } from '../../client/index.js';

const pid = (id: string) => ({ params: { path: { id } } });

const form = (file: Uint8Array | string, fields: Readonly<Record<string, string>> = {}): FormData => {
  const f = new FormData();
  f.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type: 'application/octet-stream' }), 'tree.ged');
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

/** POST /trees/{id}/gedcom/preview with the file as the `file` part. */
export const previewGedcomFile = (c: ApiClient, treeId: string, file: Uint8Array | string) =>
  c.POST('/trees/{id}/gedcom/preview', { ...pid(treeId), body: {} as never, bodySerializer: () => form(file) });

/** POST /trees/{id}/gedcom/import: `default_action` and `resolutions` (an object, sent as JSON text). */
export const importGedcomFile = (c: ApiClient, treeId: string, file: Uint8Array | string, o: { readonly default_action?: string; readonly resolutions?: unknown } = {}) =>
  c.POST('/trees/{id}/gedcom/import', {
    ...pid(treeId), body: {} as never,
    bodySerializer: () => form(file, {
      ...(o.default_action === undefined ? {} : { default_action: o.default_action }),
      ...(o.resolutions === undefined ? {} : { resolutions: JSON.stringify(o.resolutions) }),
    }),
  });

/** GET /trees/{id}/gedcom/export as text. */
export const exportGedcomText = async (c: ApiClient, treeId: string, version?: '5.5.1' | '7.0') => {
  const r = await c.GET('/trees/{id}/gedcom/export', { params: { path: { id: treeId }, query: version === undefined ? {} : { version } }, parseAs: 'text' });
  return { status: r.response.status, headers: r.response.headers, text: (r.data as unknown as string | undefined) ?? '' };
};

export const TINY_GEDCOM = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Row /Imported/
1 SEX F
1 BIRT
2 DATE 1801
1 DEAT
2 DATE 1870
0 TRLR
`;
