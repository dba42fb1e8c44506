import * as t from 'io-ts';
import { E } from '../kernel/either.js';
import type { Recommendation } from '../kinship/queries/recommend.js';
import type { ModelProvider } from './ports.js';

const SYSTEM = [
  'You rank suggestions for a family tree: possible duplicates, parents, children and partners of one person.',
  'Answer with JSON only: an array of {"index": number, "rationale": string}, most likely first, one entry per suggestion.',
].join(' ');

/** The JSON array in a model's text (it may wrap it in prose or a code fence), or null. */
const arrayIn = (text: string): unknown => {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
};

/** One entry of the ranking a model writes; entries of another shape are passed over. */
const RankEntry = t.intersection([t.type({ index: t.Int }), t.partial({ rationale: t.string })]);

/**
 * The recommender provider's ranking of the service's own candidates, with its rationale. Only the
 * candidates' facts go out (kind, names, birth years, the service's reasons and score), and the answer
 * can only reorder them and add words: it cannot add a candidate or change an operation. A provider
 * that fails, is late, or answers something unreadable (not a chat completion, too long, no ranking
 * in its text) leaves the service's ranking as it was: never an error of the request.
 */
export const rerank = async (provider: ModelProvider, recommendations: readonly Recommendation[]): Promise<{ readonly ranked: readonly Recommendation[]; readonly reranked: boolean }> => {
  if (recommendations.length < 1) return { ranked: recommendations, reranked: false };
  const described = recommendations.map((r, index) => ({
    index, kind: r.kind, person: { name: r.facts.names[0], birth_year: r.facts.birthYears[0] }, candidate: { name: r.facts.names[1], birth_year: r.facts.birthYears[1] },
    reasons: r.reasons, score: r.score,
  }));
  const answer = await provider.complete({ messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: JSON.stringify(described) }], tools: [] });
  if (E.isLeft(answer)) return { ranked: recommendations, reranked: false };
  const parsed = arrayIn(answer.right.text ?? '');
  if (!Array.isArray(parsed)) return { ranked: recommendations, reranked: false };
  const order: Recommendation[] = [];
  const used = new Set<number>();
  for (const raw of parsed) {
    const entry = RankEntry.decode(raw);
    if (E.isLeft(entry)) continue;
    const { index, rationale } = entry.right;
    if (index < 0 || index >= recommendations.length || used.has(index)) continue;
    used.add(index);
    order.push({ ...recommendations[index]!, ...(rationale === undefined ? {} : { rationale: rationale.slice(0, 2000) }) });
  }
  if (order.length === 0) return { ranked: recommendations, reranked: false };
  return { ranked: [...order, ...recommendations.filter((_, i) => !used.has(i))], reranked: true };
};
