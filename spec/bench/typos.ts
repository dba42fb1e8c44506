import type { GeneratedPerson } from './generate-tree.js';

/** `given surname` with one typo in one of the words: two adjacent letters swapped, or one dropped. */
export const withTypo = (rng: () => number, p: GeneratedPerson): string => {
  const words = `${p.given.split(' ')[0]!} ${p.surname}`.split(' ');
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 4);
  if (candidates.length === 0) return words.join(' ');
  const [w, i] = candidates[Math.floor(rng() * candidates.length)]!;
  const at = 1 + Math.floor(rng() * (w.length - 2)); // never the first letter
  words[i] = rng() < 0.5 ? w.slice(0, at) + w[at + 1]! + w[at]! + w.slice(at + 2) : w.slice(0, at) + w.slice(at + 1);
  return words.join(' ');
};
