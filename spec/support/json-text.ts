/** A store's JSON answer as text: stores answer it as text or as its UTF-8 bytes (SearchPageJson), or those bytes in parts (PersonListJson's pieces). */
export const jsonText = (json: string | Uint8Array | readonly Uint8Array[]): string =>
  typeof json === 'string'
    ? json
    : json instanceof Uint8Array
      ? Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8')
      : Buffer.concat(json).toString('utf8');

/** A page of PersonRepository.listJson as text: its pieces joined by commas. */
export const piecesText = (pieces: readonly (string | Uint8Array | readonly Uint8Array[])[]): string => pieces.map(jsonText).join(',');
