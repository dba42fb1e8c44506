/** A streaming decoder: bytes in any chunking, text out; a sequence split across chunks is held. */
export type ChunkDecoder = { readonly write: (bytes: Uint8Array) => string; readonly end: () => string };
