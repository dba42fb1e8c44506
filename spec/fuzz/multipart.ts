import type { Rng } from './prng.js';
import { randomText } from './hostile.js';

export type Part = { readonly name: string; readonly filename?: string; readonly contentType?: string; readonly data: Buffer | string };

/** A well-formed multipart/form-data body. */
export const multipartBody = (parts: readonly Part[], boundary = `fuzz${Math.random().toString(16).slice(2)}`, eol = '\r\n'): { boundary: string; bytes: Buffer } => {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    chunks.push(Buffer.from(`--${boundary}${eol}Content-Disposition: ${disposition}${eol}${p.contentType ? `Content-Type: ${p.contentType}${eol}` : ''}${eol}`));
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : p.data, Buffer.from(eol));
  }
  chunks.push(Buffer.from(`--${boundary}--${eol}`));
  return { boundary, bytes: Buffer.concat(chunks) };
};

/** A multipart request made hostile: its Content-Type header and body, and what was done. */
export const brokenMultipart = (rng: Rng, parts: readonly Part[], fileField: string): { kind: string; contentType: string; bytes: Buffer } => {
  const boundary = `fz${rng.int(0, 1e9)}`;
  const ok = (ps: readonly Part[], eol = '\r\n') => multipartBody(ps, boundary, eol).bytes;
  const file = parts.find((p) => p.name === fileField) ?? { name: fileField, filename: 'x.bin', data: 'x' };
  const makers: (() => { kind: string; contentType?: string; bytes: Buffer })[] = [
    () => ({ kind: 'no-file-part', bytes: ok(parts.filter((p) => p.name !== fileField)) }),
    () => ({ kind: 'two-file-parts', bytes: ok([...parts, file]) }),
    () => ({ kind: 'file-as-text-field', bytes: ok(parts.map((p) => (p.name === fileField ? { name: p.name, data: 'not a file' } : p))) }),
    () => ({ kind: 'wrong-boundary', contentType: 'multipart/form-data; boundary=other', bytes: ok(parts) }),
    () => ({ kind: 'no-boundary', contentType: 'multipart/form-data', bytes: ok(parts) }),
    () => ({ kind: 'long-boundary', contentType: `multipart/form-data; boundary=${'b'.repeat(5000)}`, bytes: multipartBody(parts, 'b'.repeat(5000)).bytes }),
    () => ({ kind: 'truncated', bytes: ok(parts).subarray(0, rng.int(1, Math.max(2, ok(parts).length - 5))) }),
    () => ({ kind: 'no-closing-boundary', bytes: Buffer.from(ok(parts).toString('latin1').replace(`--${boundary}--\r\n`, ''), 'latin1') }),
    () => ({ kind: 'lf-only', bytes: ok(parts, '\n') }),
    () => ({ kind: 'empty-body', bytes: Buffer.alloc(0) }),
    () => ({ kind: 'garbage', bytes: Buffer.from(Array.from({ length: rng.int(1, 5000) }, () => rng.int(0, 255))) }),
    () => ({ kind: 'preamble-junk', bytes: Buffer.concat([Buffer.from(randomText(rng, 2000)), Buffer.from('\r\n'), ok(parts)]) }),
    () => ({ kind: 'no-disposition', bytes: Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`) }),
    () => ({ kind: 'huge-text-field', bytes: ok([...parts, { name: 'title', data: randomText(rng, rng.pick([6000, 100_000, 1024 * 1024 + 10])) }]) }),
    () => ({ kind: 'many-fields', bytes: ok([...parts, ...Array.from({ length: rng.pick([49, 51, 70, 500]) }, (_, i) => ({ name: `f${i}`, data: randomText(rng, 1000) }))]) }),
    () => ({ kind: 'nul-field', bytes: ok(parts.map((p) => (p.name === fileField ? p : { ...p, data: `a\u0000${typeof p.data === 'string' ? p.data : ''}` }))) }),
    () => ({ kind: 'nul-field-name', bytes: ok([...parts, { name: 'ti\u0000tle', data: 'x' }]) }),
    () => ({ kind: 'hostile-filename', bytes: ok(parts.map((p) => (p.name === fileField ? { ...p, filename: rng.pick(['../../etc/passwd', 'a\u0000b.ged', `${randomText(rng, 5000)}.ged`, '', '"quoted".ged', 'C:\\windows\\x.ged', '\u202egpj.exe']) } : p))) }),
    () => ({ kind: 'hostile-part-type', bytes: ok(parts.map((p) => (p.name === fileField ? { ...p, contentType: rng.pick(['', 'text/html', 'image/svg+xml', 'application/x-msdownload', `x/${randomText(rng, 3000)}`, 'multipart/mixed; boundary=x']) } : p))) }),
    () => ({ kind: 'field-after-file', bytes: ok([file, ...parts.filter((p) => p.name !== fileField)]) }),
    () => ({ kind: 'duplicate-text-fields', bytes: ok([...parts, ...parts.filter((p) => p.name !== fileField)]) }),
  ];
  const m = rng.pick(makers)();
  return { kind: m.kind, contentType: m.contentType ?? `multipart/form-data; boundary=${boundary}`, bytes: m.bytes };
};
