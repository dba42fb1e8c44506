import { invalidInput, type DomainError } from '../kernel/errors.js';
import { E, type Result } from '../kernel/either.js';

/** How many leading bytes the sniffer needs. */
export const SNIFF_BYTES = 512;

const startsWith = (b: Uint8Array, sig: readonly number[], offset = 0): boolean =>
  b.length >= offset + sig.length && sig.every((x, i) => b[offset + i] === x);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** Formats a family archive holds, recognised by their signatures. */
const SIGNATURES: readonly { readonly type: string; readonly test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/gif', test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { type: 'image/webp', test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
  { type: 'image/tiff', test: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]) },
  { type: 'image/bmp', test: (b) => startsWith(b, ascii('BM')) && b.length >= 14 },
  { type: 'image/heic', test: (b) => startsWith(b, ascii('ftyp'), 4) && ['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].some((brand) => startsWith(b, ascii(brand), 8)) },
  { type: 'image/avif', test: (b) => startsWith(b, ascii('ftypavif'), 4) },
  { type: 'application/pdf', test: (b) => startsWith(b, ascii('%PDF-')) },
  { type: 'audio/mpeg', test: (b) => startsWith(b, ascii('ID3')) || (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) },
  { type: 'audio/wav', test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WAVE'), 8) },
  { type: 'audio/ogg', test: (b) => startsWith(b, ascii('OggS')) },
  { type: 'audio/flac', test: (b) => startsWith(b, ascii('fLaC')) },
  { type: 'video/quicktime', test: (b) => startsWith(b, ascii('ftypqt'), 4) },
  { type: 'video/mp4', test: (b) => startsWith(b, ascii('ftyp'), 4) },
  { type: 'video/webm', test: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  { type: 'application/zip', test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]) },
];

/** The type the first bytes prove, or null when they prove none. */
export const sniffContentType = (head: Uint8Array): string | null => {
  for (const s of SIGNATURES) if (s.test(head)) return s.type;
  return null;
};

const SNIFFABLE = new Set(SIGNATURES.map((s) => s.type).concat(['image/jpg', 'image/pjpeg', 'image/x-png', 'audio/mp3', 'audio/x-wav', 'image/x-ms-bmp']));

const looksLikeText = (head: Uint8Array): boolean => {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === SNIFF_BYTES ? head.subarray(0, SNIFF_BYTES - 4) : head);
    return true;
  } catch {
    return false;
  }
};

const baseType = (declared: string | null): string => (declared ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * The content type to record. The bytes decide: a recognised signature wins over what the client
 * said (a PNG named .jpg is recorded as image/png). A client that names a type we can recognise but
 * whose bytes do not carry it is refused (422 `content_type_mismatch`). Plain text stays `text/plain`
 * when it is text; anything else, and any type a browser would render or run (HTML, SVG, XML,
 * scripts), is recorded as `application/octet-stream`.
 */
export const decideContentType = (head: Uint8Array, declared: string | null, totalSize: number): Result<string> => {
  const sniffed = totalSize === 0 ? null : sniffContentType(head);
  if (sniffed !== null) return E.right(sniffed);
  const claim = baseType(declared);
  if (SNIFFABLE.has(claim) && totalSize > 0) return E.left(mismatch(claim));
  if ((claim === 'text/plain' || claim === 'text/csv' || claim === 'text/markdown') && looksLikeText(head)) return E.right(claim);
  // HTML, SVG, XML and scripts included: a browser would render or run them from our origin.
  return E.right('application/octet-stream');
};

const mismatch = (claim: string): DomainError =>
  invalidInput('content_type_mismatch', `The file says it is ${claim}, but its first bytes are not.`, [{ path: 'file', message: `not ${claim}` }]);

/** Types a browser may show inline from our origin; everything else downloads as an attachment. */
export const servedInline = (contentType: string): boolean =>
  /^(image\/(jpeg|png|gif|webp|tiff|bmp|heic|avif)|application\/pdf|audio\/|video\/|text\/plain)/.test(contentType);
