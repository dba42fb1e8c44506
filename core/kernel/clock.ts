// The clock is a port so that expiry, rate windows and the possibly-living rule are testable.
export type Clock = { readonly now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
