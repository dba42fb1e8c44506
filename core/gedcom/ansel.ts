import type { ChunkDecoder } from './chunk-decoder.js';

/**
 * ANSEL (ANSI/NISO Z39.47) as GEDCOM 5.x uses it, with the MARC-8 additions (C7 ß, C8 €) and the LDS
 * extensions GEDCOM files carry (BE/BF boxes, CD/CE midline e/o, CF ß). Bytes below 0x80 are ASCII.
 * Bytes the table does not define decode to U+FFFD.
 */
const SPECIAL: Readonly<Record<number, string>> = {
  0x88: '', 0x89: '', 0x8d: '\u200d', 0x8e: '\u200c',
  0xa1: '\u0141', 0xa2: '\u00d8', 0xa3: '\u0110', 0xa4: '\u00de', 0xa5: '\u00c6', 0xa6: '\u0152',
  0xa7: '\u02b9', 0xa8: '\u00b7', 0xa9: '\u266d', 0xaa: '\u00ae', 0xab: '\u00b1', 0xac: '\u01a0',
  0xad: '\u01af', 0xae: '\u02bc', 0xb0: '\u02bb', 0xb1: '\u0142', 0xb2: '\u00f8', 0xb3: '\u0111',
  0xb4: '\u00fe', 0xb5: '\u00e6', 0xb6: '\u0153', 0xb7: '\u02ba', 0xb8: '\u0131', 0xb9: '\u00a3',
  0xba: '\u00f0', 0xbc: '\u01a1', 0xbd: '\u01b0', 0xbe: '\u25a1', 0xbf: '\u25a0', 0xc0: '\u00b0',
  0xc1: '\u2113', 0xc2: '\u2117', 0xc3: '\u00a9', 0xc4: '\u266f', 0xc5: '\u00bf', 0xc6: '\u00a1',
  0xc7: '\u00df', 0xc8: '\u20ac', 0xcd: 'e', 0xce: 'o', 0xcf: '\u00df',
};

/** The combining diacritics E0-FE. In ANSEL they come BEFORE the letter they modify. */
const COMBINING: Readonly<Record<number, string>> = {
  0xe0: '\u0309', 0xe1: '\u0300', 0xe2: '\u0301', 0xe3: '\u0302', 0xe4: '\u0303', 0xe5: '\u0304',
  0xe6: '\u0306', 0xe7: '\u0307', 0xe8: '\u0308', 0xe9: '\u030c', 0xea: '\u030a', 0xeb: '\ufe20',
  0xec: '\ufe21', 0xed: '\u0315', 0xee: '\u030b', 0xef: '\u0310', 0xf0: '\u0327', 0xf1: '\u0328',
  0xf2: '\u0323', 0xf3: '\u0324', 0xf4: '\u0325', 0xf5: '\u0333', 0xf6: '\u0332', 0xf7: '\u0326',
  0xf8: '\u031c', 0xf9: '\u032e', 0xfa: '\ufe22', 0xfb: '\ufe23', 0xfe: '\u0313',
};

/** One string per byte value; combining bytes map to their mark. */
const TABLE: readonly string[] = Array.from({ length: 256 }, (_, b) =>
  b < 0x80 ? String.fromCharCode(b) : (COMBINING[b] ?? SPECIAL[b] ?? '\ufffd'));

const HIGH = /[\x80-\xff]/;

/**
 * A letter with its marks in NFC. Composition never reaches across a starter, and everything outside
 * these clusters is already NFC, so composing the clusters alone gives the NFC of the whole text.
 */
const composed = new Map<string, string>();
const compose = (cluster: string): string => {
  let nfc = composed.get(cluster);
  if (nfc === undefined) {
    nfc = cluster.normalize('NFC');
    if (composed.size < 4096) composed.set(cluster, nfc);
  }
  return nfc;
};

const isCombining = (b: number): boolean => b >= 0xe0 && COMBINING[b] !== undefined;

/**
 * A streaming ANSEL decoder. Diacritics are held until their base character arrives (which may be in
 * the next chunk), emitted after it, and the letter with its marks is NFC-normalised. A diacritic
 * before a control character (a line end) or at the end of the input has no base and is emitted on
 * its own.
 */
export const createAnselDecoder = (): ChunkDecoder => {
  let pending = '';
  const write = (bytes: Uint8Array): string => {
    // latin1 is the identity on bytes, so runs of ASCII can be sliced out of it as they are.
    const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    if (pending === '' && !HIGH.test(raw)) return raw;
    let out = '';
    let runStart = 0;
    const n = raw.length;
    for (let i = 0; i < n; i++) {
      const b = raw.charCodeAt(i);
      if (b < 0x80 && pending === '') continue;
      if (i > runStart) out += raw.slice(runStart, i);
      runStart = i + 1;
      if (isCombining(b)) {
        pending += TABLE[b]!;
      } else if (pending !== '') {
        const base = TABLE[b]!;
        out += b < 0x20 ? compose(pending) + base : compose(base + pending);
        pending = '';
      } else {
        out += TABLE[b]!;
      }
    }
    if (n > runStart) out += raw.slice(runStart, n);
    return out;
  };
  const end = (): string => {
    const rest = compose(pending);
    pending = '';
    return rest;
  };
  return { write, end };
};
