// Which trees want their person cards soon (person-cards.ts), as this process sees it.

/**
 * The trees whose reads, in this process, met a person shown in full without a card (a tree
 * imported or edited since the last pass): `take` hands them to the schedule once
 * (PersonCardStore.wanted), and `recent` tells a name search to go straight to the statement that
 * writes persons live for a while instead of first trying the one over cards, which would not hold
 * (person-list-json.ts searchPage).
 */
export class CardDemand {
  private readonly met = new Map<string, number>();
  private readonly fresh = new Set<string>();
  constructor(private readonly now: () => number = Date.now) {}
  /** A read of the tree met a person without a card. */
  miss(treeId: string): void {
    if (this.met.size >= 10_000) this.met.clear();
    this.met.set(treeId, this.now());
    this.fresh.add(treeId);
  }
  /** Whether a read of the tree met a person without a card in the last `withinMs`. */
  recent(treeId: string, withinMs = 10_000): boolean {
    const at = this.met.get(treeId);
    return at !== undefined && this.now() - at < withinMs;
  }
  /** Every live person of the tree had a card when a step of filling it ended: a search tries cards again at once. */
  filled(treeId: string): void {
    this.met.delete(treeId);
  }
  /** The trees met since the last call, each once. */
  take(): string[] {
    const trees = [...this.fresh];
    this.fresh.clear();
    return trees;
  }
}
