import yazl from 'yazl';
import yauzl from 'yauzl';
import type { TestService } from './service.js';
import { rawCaller, type RawReply } from './raw-call.js';

/** `rawCaller` with the token bound: `(method, path, body?)`, answering status and parsed body. */
export const jsonCall = (svc: TestService, token: string) => (method: string, path: string, body?: unknown): Promise<RawReply> =>
  rawCaller(() => svc.baseUrl)(method, path, token, body);

export const exportZip = async (svc: TestService, token: string): Promise<{ status: number; type: string | null; bytes: Buffer }> => {
  const res = await fetch(`${svc.baseUrl}/api/v1/users/me/export`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};

export const importZip = async (svc: TestService, token: string, zip: Uint8Array, name = 'backup.zip'): Promise<{ status: number; body: any }> => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), name);
  const res = await fetch(`${svc.baseUrl}/api/v1/users/me/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
};

/** Every entry of a zip held in memory, in order: its name, the CRC-32 its central directory says, its bytes (tests only: small zips). */
export const unzipEntries = (zip: Buffer): Promise<{ name: string; crc: number; data: Buffer }[]> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => {
      if (err) return reject(err);
      const out: { name: string; crc: number; data: Buffer }[] = [];
      z.on('error', reject);
      z.on('end', () => resolve(out));
      z.on('entry', (entry: yauzl.Entry) => {
        z.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.push({ name: entry.fileName, crc: entry.crc32, data: Buffer.concat(chunks) });
            z.readEntry();
          });
        });
      });
      z.readEntry();
    });
  });

/** Every entry of a zip held in memory, name to bytes (tests only: small zips). */
export const unzip = async (zip: Buffer): Promise<Map<string, Buffer>> => new Map((await unzipEntries(zip)).map((e) => [e.name, e.data]));

/** A zip of the given entries, built in memory with yazl (tests only). */
export const zipOf = (entries: readonly (readonly [name: string, bytes: Buffer | string])[]): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const [name, bytes] of entries) z.addBuffer(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), name);
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('error', reject);
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });

/** A valid backup holding no tree: restoring it changes nothing but the audit trail. */
export const emptyBackup = (): Promise<Buffer> =>
  zipOf([['account.json', JSON.stringify({
    format: 'genealogy-account', version: 1, exported_at: '2026-11-22T00:00:00.000Z', user_id: '01900000-0000-7000-8000-000000000000',
    email: 'nobody@example.org', self_person_id: null, trees: [],
  })]]);
