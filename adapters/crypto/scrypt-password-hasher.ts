import * as scryptModule from 'scrypt-kdf';

// scrypt-kdf's types declare named exports, but its ES module exports one default object.
const Scrypt = (scryptModule as unknown as { default?: typeof scryptModule }).default ?? scryptModule;
import type { PasswordHasher } from '../../core/identity/ports.js';

/**
 * scrypt through scrypt-kdf. The stored form is the kdf output in base64; it embeds salt and
 * parameters, so hashes made with other costs still verify. logN 15 (32 MiB, ~100 ms) in service;
 * tests pass a lower cost to stay fast.
 */
export const scryptPasswordHasher = (logN = 15): PasswordHasher => ({
  hash: async (password) => Buffer.from(await Scrypt.kdf(password, { logN, r: 8, p: 1 })).toString('base64'),
  verify: async (password, hash) => {
    try {
      return await Scrypt.verify(Buffer.from(hash, 'base64'), password);
    } catch {
      return false;
    }
  },
});
