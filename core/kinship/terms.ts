import type { Sex } from '../people/model.js';

// English kinship terms from the shortest path between two people (issue 11, the recommender's
// relationship calculator). Pure: the path, the sexes along it, and whether a sibling pair shares
// both parents, in; a term out.

/** How each person of a path relates to the one before: their `parent`, `child` or `partner`. */
export type Step = 'parent' | 'child' | 'partner';

const bySex = (sex: Sex | null, male: string, female: string, neutral: string): string => (sex === 'male' ? male : sex === 'female' ? female : neutral);

const ordinal = (n: number): string => {
  const words = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
  if (n < words.length) return words[n]!;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
};

const times = (n: number): string => (n === 1 ? 'once' : n === 2 ? 'twice' : n === 3 ? 'thrice' : `${n} times`);
const greats = (n: number): string => 'great-'.repeat(n);

/** The term for `up` generations to a common ancestor and `down` from it; `half` for a sibling pair sharing one parent. */
export const bloodTerm = (up: number, down: number, sex: Sex | null, half: boolean): string => {
  if (up === 0 && down === 0) return 'self';
  if (down === 0) {
    const base = bySex(sex, 'father', 'mother', 'parent');
    return up === 1 ? base : `${greats(up - 2)}grand${base}`;
  }
  if (up === 0) {
    const base = bySex(sex, 'son', 'daughter', 'child');
    return down === 1 ? base : `${greats(down - 2)}grand${base}`;
  }
  if (up === 1 && down === 1) return `${half ? 'half-' : ''}${bySex(sex, 'brother', 'sister', 'sibling')}`;
  if (down === 1) return `${greats(up - 2)}${bySex(sex, 'uncle', 'aunt', 'aunt or uncle')}`;
  if (up === 1) return `${greats(down - 2)}${bySex(sex, 'nephew', 'niece', 'niece or nephew')}`;
  const degree = Math.min(up, down) - 1;
  const removed = Math.abs(up - down);
  return `${ordinal(degree)} cousin${removed === 0 ? '' : ` ${times(removed)} removed`}`;
};

/** The term for a path of steps (from the first person to the last), with the last person's sex. */
export const kinshipTerm = (steps: readonly Step[], sex: Sex | null, halfSiblings: boolean): string => {
  const shape = steps.map((s) => (s === 'parent' ? 'U' : s === 'child' ? 'D' : 'P')).join('');
  const ups = /^U*/.exec(shape)![0].length;
  const downs = shape.length - ups;
  if (/^U*D*$/.test(shape)) return bloodTerm(ups, downs, sex, halfSiblings && ups === 1 && downs === 1);
  switch (shape) {
    case 'P': return bySex(sex, 'husband', 'wife', 'spouse');
    case 'PU': return `${bySex(sex, 'father', 'mother', 'parent')}-in-law`;
    case 'DP': return `${bySex(sex, 'son', 'daughter', 'child')}-in-law`;
    case 'PUD':
    case 'UDP': return `${bySex(sex, 'brother', 'sister', 'sibling')}-in-law`;
    case 'UP': return `step${bySex(sex, 'father', 'mother', 'parent')}`;
    case 'PD': return `step${bySex(sex, 'son', 'daughter', 'child')}`;
    case 'UPD': return `step${bySex(sex, 'brother', 'sister', 'sibling')}`;
  }
  // Anything else: the blood relation of each part between partners, chained ("wife's first cousin").
  const segments: Step[][] = [[]];
  for (const step of steps) {
    if (step === 'partner') segments.push([]);
    else segments[segments.length - 1]!.push(step);
  }
  const words: string[] = [];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment.length > 0) {
      const up = segment.filter((x) => x === 'parent').length;
      words.push(bloodTerm(up, segment.length - up, last ? sex : null, false));
    }
    if (!last) words.push(i + 1 === segments.length - 1 && segments[i + 1]!.length === 0 ? bySex(sex, 'husband', 'wife', 'spouse') : 'spouse');
  });
  return words.join("'s ");
};
