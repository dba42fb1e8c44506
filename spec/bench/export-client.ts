// The GEDCOM bench's export client in a process of its own (issue 27: a load generator that is not the
// bottleneck, in a process of its own, its CPU reported beside the service's). Started by
// spec/bench/gedcom.ts over IPC (child-channel.ts): it streams one answer at a time with node:http
// (the service's exports, and the bare floor's read of the same rows), counting its bytes and, when
// asked, its INDI records as they arrive (record-count.ts), and answers what it counted.
//
// In the bench's own process the client shared that process's heap: about 64 MB, most of it the
// source text and code of every module the bench imports (the service's whole dependency graph, for
// its harness). Each 64 KB piece of the answer is a buffer of its own, outside the heap, and their
// sum set off full collections of that heap, six in a 5.5.1 export of 100,000 persons: the bench
// process used 0.5-0.6 s of CPU for 39 MB (5-6 ms per 1,000 persons, 0.2 of a core), against about
// 0.1 s for the same reading in a small process.
//
// Protocol (IPC): the child says `ready`; the parent sends `{ type: 'export', url, token, indi }`,
// the child answers `exported` (or `failed`). The child exits when the IPC channel closes.
import http from 'node:http';
import { RecordCounter } from './record-count.js';

/** `token`: a bearer token to send, if any; `indi`: whether to count the INDI records (not in a zip's deflated bytes). */
export type ToExportClient = { readonly type: 'export'; readonly url: string; readonly token: string | null; readonly indi: boolean };
export type FromExportClient =
  | { readonly type: 'ready' }
  | { readonly type: 'exported'; readonly bytes: number; readonly indi: number }
  | { readonly type: 'failed'; readonly error: string };

const exportOnce = (url: string, token: string | null, counted: boolean): Promise<{ bytes: number; indi: number }> =>
  new Promise((resolve, reject) => {
    const req = http.get(new URL(url), { agent: false, headers: token === null ? {} : { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`export: ${res.statusCode}`));
        return;
      }
      let bytes = 0;
      const indi = new RecordCounter('INDI');
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
        if (counted) indi.push(chunk);
      });
      res.on('end', () => resolve({ bytes, indi: counted ? indi.end() : 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });

if (process.send !== undefined) {
  const send = (m: FromExportClient): void => void process.send!(m);
  process.on('message', (m: ToExportClient) => {
    if (m.type !== 'export') return;
    exportOnce(m.url, m.token, m.indi).then(
      (r) => send({ type: 'exported', ...r }),
      (e: unknown) => send({ type: 'failed', error: e instanceof Error ? e.message : String(e) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}
