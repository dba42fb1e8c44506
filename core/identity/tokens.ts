import { hash, randomBytes } from 'node:crypto';

/** An opaque secret of 256 bits, URL-safe. Only its hash is ever stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Its SHA-256 in hex: one hash call (a session is looked up by it on every signed request), no hasher object. */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');
