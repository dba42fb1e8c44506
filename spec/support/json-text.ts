/** A store's JSON answer as text: stores answer it as text or as its UTF-8 bytes (SearchPageJson). */
export const jsonText = (json: string | Uint8Array): string => (typeof json === 'string' ? json : Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8'));
