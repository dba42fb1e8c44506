import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret of 256 bits, URL-safe. Only its hash is ever stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
