import type { Rng } from './prng.js';
import type { Api } from './openapi.js';
import type { Planned } from './plan.js';
import type { World } from './world.js';
import { randomText } from './hostile.js';

/** A request outside the document: probes, unknown paths, methods a path does not answer. */
export const extraRequest = (rng: Rng, api: Api, w: World): Planned => {
  const b = api.basePath;
  const known = rng.pick(api.operations).path.replace(/\{\w+\}/g, () => w.mainTree);
  const [method, path] = rng.pick<[string, string]>([
    ['GET', '/healthz'], ['GET', '/readyz'], ['GET', `${b}/openapi.json`], ['GET', `${b}/docs`], ['HEAD', `${b}/openapi.json`],
    ['GET', `${b}/nope`], ['GET', '/'], ['GET', `/${b}//trees`], ['GET', `${b}/../../etc/passwd`], ['GET', `${b}/%`], ['GET', `${b}/trees/%E0%A4%A`],
    ['GET', `${b}/${randomText(rng, rng.pick([2000, 9000]))}`], ['GET', `${b}/trees/${w.mainTree}/persons/extra/segments`],
    [rng.pick(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'POST']), `${b}${known}`], ['PROPFIND', `${b}${known}`],
    ['GET', `${b}${known}?${randomText(rng, 200)}`], ['GET', `${b}${known.toUpperCase()}`], ['GET', `${b}${known}/`],
  ]);
  const headers: Record<string, string> = { Accept: '*/*' };
  return {
    operationId: '(outside the document)',
    caller: 'anonymous',
    mutation: 'probe',
    sent: { method, path, headers },
    draft: { op: { operationId: '(outside)', method, path, anonymous: true, parameters: [], body: null, successSchema: null }, pathIds: {}, query: {}, body: undefined, parts: null, headers, raw: null, contentType: null, account: null },
  };
};
