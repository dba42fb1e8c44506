import * as t from 'io-ts';
import { pedigree } from '../../../core/charts/queries/pedigree.js';
import { descendants } from '../../../core/charts/queries/descendants.js';
import { DEFAULT_GENERATIONS, MAX_GENERATIONS, MIN_GENERATIONS } from '../../../core/charts/chart-read.js';
import { CHART_PERSON_CAP } from '../../../core/charts/ports.js';
import type { ChartNode } from '../../../core/charts/nest.js';
import type { PersonView } from '../../../core/people/vitals.js';
import { withSchema } from '../openapi/json-schema.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams } from '../wire.js';
import { PersonRead, personWire } from '../wire-records.js';
import { reply, type LazyDeps } from './deps.js';

const Generations = withSchema(
  new t.Type<number, string, unknown>('Generations', (u): u is number => typeof u === 'number', (u, c) => {
    const n = typeof u === 'string' && /^\d{1,2}$/.test(u) ? Number(u) : NaN;
    return n >= MIN_GENERATIONS && n <= MAX_GENERATIONS ? t.success(n) : t.failure(u, c);
  }, String),
  { type: 'integer', minimum: MIN_GENERATIONS, maximum: MAX_GENERATIONS, default: DEFAULT_GENERATIONS, description: 'Generations counting the person (1: the person alone).' },
);
const ChartQuery = t.partial({ generations: Generations });

type NodeWire = { person: unknown; ref: boolean; truncated?: boolean } & { [next: string]: unknown };

/** A chart node codec: `key` holds the next generation on expanded nodes; references carry none. */
const nodeCodec = (name: string, key: 'parents' | 'children') =>
  t.recursion<NodeWire>(name, (self) =>
    t.intersection([t.type({ person: PersonRead, ref: t.boolean }), t.partial({ [key]: t.array(self), truncated: t.boolean })]) as unknown as t.Type<NodeWire>);
const PedigreeNode = nodeCodec('PedigreeNode', 'parents');
const DescendantNode = nodeCodec('DescendantNode', 'children');

const nodeWire = (key: 'parents' | 'children') => {
  const wire = (n: ChartNode<PersonView>): NodeWire =>
    n.ref
      ? { person: personWire(n.person), ref: true }
      : { person: personWire(n.person), ref: false, [key]: n.next.map(wire), ...(n.truncated ? { truncated: true } : {}) };
  return wire;
};

const shape = (key: 'parents' | 'children'): string => `The answer is the root node \`{ person, ref: false, ${key}: [...] }\`, where \`person\` is what a person read gives this reader, nested to \`generations\` (1 to ${MAX_GENERATIONS}, default ${DEFAULT_GENERATIONS}, counting the person: 1 is the person alone; outside that range, 422). A person reached a second time (pedigree collapse, cousins who married, a loop in bad data) is expanded once, at the shallowest generation, and is \`{ person, ref: true }\` with no list everywhere else. At most ${CHART_PERSON_CAP.toLocaleString('en-US')} distinct persons: a node whose next generation was cut by that cap has \`truncated: true\`.`;
const PRIVACY = 'living persons appear as `Living person` boxes (`redacted: true`, every other field null), after the others, and the chart goes on through them; hidden persons are left out together with everyone reachable only through them; a hidden, deleted or unknown root is 404.';

export const chartsRoutes = (deps: LazyDeps): readonly AnyRoute[] => {
  const charts = [
    { id: 'Pedigree', path: 'pedigree', key: 'parents', title: 'pedigree chart (ancestors)', read: pedigree, codec: PedigreeNode, wire: nodeWire('parents'), what: 'ancestors: parents male first, then female, then unknown, then by birth year' },
    { id: 'Descendants', path: 'descendants', key: 'children', title: 'descendant chart', read: descendants, codec: DescendantNode, wire: nodeWire('children'), what: 'descendants: children by birth year' },
  ] as const;
  return charts.flatMap((c) => [
    route({
      operationId: `get${c.id}`, method: 'get', path: `/persons/{id}/${c.path}`, tag: 'charts', auth: 'user',
      summary: `Read a person's ${c.title}`,
      description: [
        `The person's ${c.what}. ${shape(c.key)}`,
        '',
        `Members of the person's tree (any role) see everyone in full. A signed-in non-member may read the chart when the tree's visibility lets them view it (\`public\`, \`unlisted\`, \`site_members\`), through the privacy engine: ${PRIVACY} A non-member of a \`private\` tree is 403.`,
      ].join('\n'),
      params: IdParams, query: ChartQuery,
      success: { status: 200, description: 'The chart: the root node.', body: c.codec },
      errors: [401, 403, 404, 422],
      handle: async ({ actor, params, query }) => reply(200, c.wire)(await c.read(deps())(actor, params.id, query.generations ?? DEFAULT_GENERATIONS)),
    }),
    route({
      operationId: `public${c.id}`, method: 'get', path: `/public/persons/{id}/${c.path}`, tag: 'public', auth: 'optional',
      summary: `Read a person's ${c.title} on the public surface`,
      description: [
        `As the anonymous surface shows them, the person's ${c.what}. ${shape(c.key)}`,
        '',
        `Anyone may call it, signed in or not (a session of an unverified account, where \`REQUIRE_EMAIL_VERIFICATION\` is on, is 403 \`email_unverified\`). The tree must be viewable without membership: \`public\` and \`unlisted\` trees to anyone, \`site_members\` trees to signed-in callers; any other tree is 404, as an unknown person is. Everyone, members of the tree too, reads as a non-member, through the privacy engine: ${PRIVACY}`,
      ].join('\n'),
      params: IdParams, query: ChartQuery,
      success: { status: 200, description: 'The chart: the root node.', body: c.codec },
      errors: [403, 404, 422],
      handle: async ({ actor, params, query }) => reply(200, c.wire)(await c.read(deps())(actor, params.id, query.generations ?? DEFAULT_GENERATIONS, 'public')),
    }),
  ]);
};
