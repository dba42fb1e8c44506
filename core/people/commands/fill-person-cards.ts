import { E } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { Storage } from '../../stores.js';

/** What a pass of keeping person cards did: the trees it went through, the cards it wrote, the trees left for later (a change was in progress). */
export type CardPass = { readonly trees: number; readonly filled: number; readonly busy: number };

/** Persons a step writes cards for at most: one short transaction (tens of milliseconds on 2 cores). */
export const CARD_STEP = 500;

/**
 * One pass of keeping person cards (PersonCardStore; what a card is: adapters/postgres/person-cards.ts):
 * every live tree, its persons in id order, a step at a time, each step its own unit of work. A tree
 * that a change is writing to answers `busy` and is left for the next pass. One instance at a time
 * (`exclusive`): null when another instance holds the pass. `pause` runs after each step with how long
 * it took (the schedule's share of the database); `stopped` ends the pass between steps. `trees`:
 * only those trees (the ones reads asked for: PersonCardStore.wanted), else every live tree.
 */
export const fillPersonCards =
  (deps: { readonly storage: Storage }) =>
  async (o: { readonly pause: (stepMs: number) => Promise<void>; readonly stopped: () => boolean; readonly step?: number; readonly trees?: readonly Id[] }): Promise<CardPass | null> =>
    deps.storage.exclusive('person-cards', async () => {
      let trees = 0;
      let filled = 0;
      let busy = 0;
      for (let afterTree: Id | null = null; !o.stopped();) {
        const page: readonly Id[] = o.trees !== undefined ? (afterTree === null ? o.trees : []) : await deps.storage.personCards.trees(afterTree, 100);
        if (page.length === 0) break;
        for (const treeId of page) {
          trees += 1;
          for (let after: Id | null = null; !o.stopped();) {
            const started = Date.now();
            const step = await deps.storage.uow.run(async (tx) => E.right(await tx.personCards.fillNext(treeId, after, o.step ?? CARD_STEP)));
            if (E.isLeft(step)) break;
            await o.pause(Date.now() - started);
            if (step.right.busy) {
              busy += 1;
              break;
            }
            filled += step.right.filled;
            if (step.right.last === null) break;
            after = step.right.last;
          }
        }
        afterTree = page[page.length - 1]!;
      }
      return { trees, filled, busy };
    });
