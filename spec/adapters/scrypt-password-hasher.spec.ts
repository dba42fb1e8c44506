import { expect } from 'chai';
import { scryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher.js';

describe('scrypt password hasher', () => {
  const hasher = scryptPasswordHasher(4);

  it('verifies the password it hashed and rejects another', async () => {
    const hash = await hasher.hash('correct horse');
    expect(await hasher.verify('correct horse', hash)).to.equal(true);
    expect(await hasher.verify('correct horsE', hash)).to.equal(false);
  });

  it('salts: the same password hashes differently each time, and never contains the password', async () => {
    const [a, b] = [await hasher.hash('same password'), await hasher.hash('same password')];
    expect(a).to.not.equal(b);
    expect(Buffer.from(a, 'base64').toString('latin1')).to.not.include('same password');
  });

  it('verifies hashes made with another cost (parameters travel in the hash)', async () => {
    const strong = await scryptPasswordHasher(10).hash('pw with cost');
    expect(await hasher.verify('pw with cost', strong)).to.equal(true);
  });

  it('answers false, not an exception, for a hash it cannot read', async () => {
    expect(await hasher.verify('x', 'not a hash')).to.equal(false);
    expect(await hasher.verify('x', '')).to.equal(false);
  });
});
