import iconv from 'iconv-lite';
import { createAnselDecoder } from './ansel.js';
import type { ChunkDecoder } from './chunk-decoder.js';
import { createUtf8Decoder } from './encoding-utf8.js';

export type Charset =
  | 'utf-8' | 'utf-16le' | 'utf-16be' | 'ansel' | 'windows-1252' | 'cp850' | 'cp437' | 'macintosh' | 'iso-8859-15';

/** What the first bytes say on their own: a byte order mark, or UTF-16's zero bytes. */
export type Sniffed = { readonly charset: 'utf-8' | 'utf-16le' | 'utf-16be' | null; readonly bomLength: number };

/** Looks at the first bytes (at least 4 unless the input is shorter). null: an ASCII-based encoding; HEAD.CHAR decides. */
export const sniffBytes = (b: Uint8Array): Sniffed => {
  const [b0, b1, b2] = [b[0], b[1], b[2]];
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { charset: 'utf-8', bomLength: 3 };
  if (b0 === 0xff && b1 === 0xfe) return { charset: 'utf-16le', bomLength: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { charset: 'utf-16be', bomLength: 2 };
  // "0 HEAD" without a BOM: 30 00 20 00 (LE) or 00 30 00 20 (BE).
  if (b0 !== undefined && b1 !== undefined) {
    if (b0 !== 0 && b1 === 0) return { charset: 'utf-16le', bomLength: 0 };
    if (b0 === 0 && b1 !== 0) return { charset: 'utf-16be', bomLength: 0 };
  }
  return { charset: null, bomLength: 0 };
};

/**
 * HEAD.CHAR values (compared without case, spaces, hyphens and underscores) to charsets. ASCII and
 * UNICODE in a file without UTF-16 bytes read as UTF-8, which covers ASCII; IBMPC is DOS code page 850
 * (the Western European superset of 437's letters); ANSI and IBM WINDOWS are Windows-1252.
 */
const DECLARED: Readonly<Record<string, Charset>> = {
  UTF8: 'utf-8', UNICODE: 'utf-8', ASCII: 'utf-8', USASCII: 'utf-8',
  ANSEL: 'ansel',
  ANSI: 'windows-1252', WINDOWS: 'windows-1252', IBMWINDOWS: 'windows-1252', WINDOWS1252: 'windows-1252',
  CP1252: 'windows-1252', WIN1252: 'windows-1252', ISO88591: 'windows-1252', LATIN1: 'windows-1252',
  ISO885915: 'iso-8859-15', LATIN9: 'iso-8859-15',
  IBMPC: 'cp850', IBMDOS: 'cp850', MSDOS: 'cp850', CP850: 'cp850', CP437: 'cp437',
  MACINTOSH: 'macintosh', MACROMAN: 'macintosh', MAC: 'macintosh',
};

const declaredCharset = (declared: string): Charset | undefined =>
  DECLARED[declared.toUpperCase().replace(/[\s_-]/g, '')];

export type CharsetChoice = {
  readonly charset: Charset;
  /** Why the choice departs from what the file says, for a diagnostic; null when it does not. */
  readonly note: string | null;
};

const FALLBACK = 'reading UTF-8, and Windows-1252 for bytes that are not UTF-8';

/**
 * The charset to decode with: a BOM first, then UTF-16 zero bytes, then GEDCOM 7 (always UTF-8),
 * then HEAD.CHAR; without a usable CHAR, UTF-8 with Windows-1252 for the bytes that are not UTF-8.
 */
export const chooseCharset = (sniffed: Sniffed, declared: string | null, version: string | null): CharsetChoice => {
  const named = declared === null || declared === '' ? undefined : declaredCharset(declared);
  if (sniffed.charset !== null) {
    const label = sniffed.charset.toUpperCase();
    const conflict = sniffed.bomLength > 0 && named !== undefined && named !== 'utf-8';
    return {
      charset: sniffed.charset,
      note: conflict ? `HEAD.CHAR says ${declared} but the file starts with a ${label} byte order mark; reading ${label}` : null,
    };
  }
  if (version !== null && /^7(\.|$)/.test(version)) {
    return { charset: 'utf-8', note: named !== undefined && named !== 'utf-8' ? `GEDCOM 7 is always UTF-8; HEAD.CHAR ${declared} ignored` : null };
  }
  if (named !== undefined) return { charset: named, note: null };
  if (declared === null || declared === '') return { charset: 'utf-8', note: `HEAD has no CHAR; ${FALLBACK}` };
  return { charset: 'utf-8', note: `unknown character set "${declared}"; ${FALLBACK}` };
};

/** A fresh streaming decoder for `charset`. `onInvalid` (UTF-8 only): see createUtf8Decoder. */
export const createDecoder = (charset: Charset, onInvalid?: (index: number) => void): ChunkDecoder => {
  if (charset === 'utf-8') return createUtf8Decoder(onInvalid);
  if (charset === 'ansel') return createAnselDecoder();
  if (charset === 'windows-1252') return createWindows1252Decoder();
  const decoder = iconv.getDecoder(charset);
  return {
    write: (bytes) => decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    end: () => decoder.end() ?? '',
  };
};

/** Windows-1252 for 0x80-0x9F; from 0xA0 it is Latin-1, which Node decodes natively (and compactly). */
const C1 = /[\x80-\x9f]/g;
const CP1252_C1: readonly string[] = Array.from(
  iconv.decode(Buffer.from(Array.from({ length: 32 }, (_, i) => i + 0x80)), 'windows-1252'),
);
const createWindows1252Decoder = (): ChunkDecoder => ({
  write: (bytes) => {
    const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    return latin1.replace(C1, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]!);
  },
  end: () => '',
});
