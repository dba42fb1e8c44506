import type { Clock } from '../shared/clock.js';
import type { Storage } from '../shared/ports.js';

export type ProposalDeps = { readonly storage: Storage; readonly clock: Clock };
