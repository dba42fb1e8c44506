import type { HttpDeps } from '../../routes/deps.js';

/** What the public pages read with: the service's dependencies (the core's queries take them) and its address. */
export type PublicPagesDeps = {
  readonly deps: HttpDeps;
  /** BASE_URL, without a trailing slash: every link and canonical address is absolute. */
  readonly baseUrl: string;
};
