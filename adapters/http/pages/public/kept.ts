import { E } from '../../../../core/kernel/either.js';
import type { Actor } from '../../../../core/kernel/actor.js';
import type { Id } from '../../../../core/kernel/ids.js';
import type { KeptPage } from '../../../../core/people/ports.js';
import type { PublicPagesDeps } from './deps.js';
import { pageKey } from './frame.js';
import { withoutBaseStyle } from './layout.js';
import { writePersonPage } from './person.js';

// Kept person pages (issue 26). A person's page costs a visitor's request one short read when it is
// kept: the page as written for a visitor (less the base stylesheet, the same on every page: 3.5 kB
// of the 8.5 a page weighs), with the key it was written under (frame.ts pageKey: the
// tree's change stamp, the year, the site's address, the renderer's version). A read (person.ts) serves
// it only when the key the tree's stamp, read in the same statement, gives now is the page's own, and
// only for a person the engine shows in full now (decided from their row, as ever): any change in the
// tree, a new year, another BASE_URL or renderer makes every kept page of the tree not hold, and the
// page is written live, as it would be without kept pages. So a kept page is never other than the
// page written live at the same stamp; the specs compare them byte for byte.
//
// Writing: keepPersonPages, from the page schedule (bootstrap/page-schedule.ts), over the trees whose
// page reads found no kept page (KeptPageStore.wanted) or every tree a visitor may read: their persons
// shown in full, a step at a time, each person's page written as a read writes it, then kept in one
// statement if the tree's stamp is still the one they were written at (KeptPageStore.keep: under the
// tree's lock, so a purge either changed the stamp first or erases them after).

/** Persons a step writes pages for at most. */
export const PAGE_STEP = 100;

/** How often a step tries to keep its pages while the tree is busy, and how long it waits between. */
const BUSY_TRIES = 20;
const BUSY_WAIT_MS = 100;

/** Who kept pages are written for: a visitor, as every public page is. */
const VISITOR: Actor = { kind: 'anonymous', clientAddress: '127.0.0.1' };

/**
 * What a pass of keeping pages did: trees looked at, trees whose persons it went through (`walked`: a
 * whole pass leaves a tree whose last whole pass kept every page under its current key), pages kept,
 * trees left because they changed or were busy.
 */
export type PagePass = { readonly trees: number; readonly walked: number; readonly kept: number; readonly left: number };

export const keepPersonPages =
  (p: PublicPagesDeps) =>
  async (o: { readonly pause: (stepMs: number) => Promise<void>; readonly stopped: () => boolean; readonly step?: number; readonly trees?: readonly Id[] }): Promise<PagePass | null> => {
    const storage = p.deps.storage;
    return storage.exclusive('person-pages', async () => {
      let trees = 0;
      let walked = 0;
      let kept = 0;
      let left = 0;
      const keepTree = async (treeId: Id): Promise<void> => {
        const now = p.deps.clock.now();
        const at = await storage.publicPages.treeStamp(treeId);
        if (at === null) return;
        const key = pageKey(at.stamp, now, p.baseUrl);
        // A whole pass leaves a tree whose last whole pass kept every page under this key (nothing
        // since changed it). A tree asked for (o.trees: a read found no page kept) is gone through anyway.
        if (o.trees === undefined && (await storage.keptPages.lastPass(treeId)) === key) return;
        walked += 1;
        let whole = false;
        for (let after: Id | undefined; !o.stopped();) {
          const started = Date.now();
          const persons = await storage.publicPages.fullPersons(treeId, now, { limit: o.step ?? PAGE_STEP, ...(after === undefined ? {} : { after }) });
          if (persons.length === 0) {
            whole = true;
            break;
          }
          after = persons[persons.length - 1]!.id;
          const pages: { personId: Id; page: KeptPage }[] = [];
          let changed = false;
          for (const personId of await storage.keptPages.unkept(persons.map((x) => x.id), key)) {
            const page = await writePersonPage(p, VISITOR, personId);
            if (page === null) continue;
            // Written at another stamp: the tree changed since this pass read it.
            if (page.stamp !== at.stamp) {
              changed = true;
              break;
            }
            pages.push({ personId, page: { key, body: withoutBaseStyle(page.html) } });
          }
          let outcome: 'kept' | 'busy' | 'changed' = 'changed';
          // Busy: a change, or a step of the person cards (which hold the same lock for tens of
          // milliseconds), is writing to the tree; its commit may change the stamp, which keep checks.
          for (let tries = 0; !changed && tries < BUSY_TRIES && !o.stopped(); tries += 1) {
            if (tries > 0) await new Promise((r) => setTimeout(r, BUSY_WAIT_MS));
            const r = await storage.uow.run(async (tx) => E.right(await tx.keptPages.keep(treeId, at.stamp, pages)));
            outcome = E.isLeft(r) ? 'busy' : r.right;
            if (outcome !== 'busy') break;
          }
          await o.pause(Date.now() - started);
          if (outcome !== 'kept') {
            left += 1;
            return;
          }
          kept += pages.length;
        }
        // Through the whole tree at this key: what other keys hold no longer holds (a person since
        // withheld, an older stamp); and every page is kept under it.
        if (whole && !o.stopped()) {
          await storage.keptPages.forget(treeId, key);
          await storage.keptPages.passed(treeId, key);
        }
      };
      // Trees a visitor may no longer read keep no pages.
      if (o.trees === undefined) await storage.keptPages.sweep();
      for (let afterTree: Id | null = null; !o.stopped();) {
        const page: readonly Id[] = o.trees !== undefined ? (afterTree === null ? o.trees : []) : await storage.keptPages.trees(afterTree, 100);
        if (page.length === 0) break;
        for (const treeId of page) {
          if (o.stopped()) break;
          trees += 1;
          await keepTree(treeId);
        }
        afterTree = page[page.length - 1]!;
      }
      return { trees, walked, kept, left };
    });
  };
