// Order statistics of the benches, in a module of their own so that a load generator's process can
// use them without loading the harness (the service's composition root, pg, pino).

/** The smallest value at or above the q-th share of `xs` (NaN when empty). */
export const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
};
export const median = (xs: readonly number[]): number => quantile(xs, 0.5);
