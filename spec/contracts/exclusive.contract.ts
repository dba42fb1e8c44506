import { expect } from 'chai';
import { withStorage, type MakeStorage } from './fixtures.js';

/** A promise the case resolves when it chooses, to hold a lock open while it probes. */
const gate = (): { readonly opened: Promise<void>; readonly open: () => void } => {
  let open = (): void => undefined;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
};

export const exclusiveContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`Storage.exclusive contract (${name})`, () => {
    const storage = withStorage(make);

    it("runs the work and answers its value; the lock is free again afterwards", async () => {
      expect(await storage().exclusive('job', async () => 41)).to.equal(41);
      expect(await storage().exclusive('job', async () => 42)).to.equal(42);
    });

    it('answers null at once, without running the work, while another holder has the lock; other names are independent', async () => {
      const g = gate();
      let entered = (): void => undefined;
      const holding = new Promise<void>((r) => {
        entered = r;
      });
      const first = storage().exclusive('job', async () => {
        entered();
        await g.opened;
        return 'first';
      });
      await holding;
      let ran = false;
      const second = await storage().exclusive('job', async () => {
        ran = true;
        return 'second';
      });
      expect(second).to.equal(null);
      expect(ran).to.equal(false);
      expect(await storage().exclusive('other-job', async () => 'other')).to.equal('other');
      g.open();
      expect(await first).to.equal('first');
      expect(await storage().exclusive('job', async () => 'third')).to.equal('third');
    });

    it('releases the lock when the work throws, and rethrows the same error', async () => {
      const boom = new Error('boom');
      let caught: unknown;
      try {
        await storage().exclusive('job', async () => {
          throw boom;
        });
      } catch (e) {
        caught = e;
      }
      expect(caught).to.equal(boom);
      expect(await storage().exclusive('job', async () => 'again')).to.equal('again');
    });
  });
