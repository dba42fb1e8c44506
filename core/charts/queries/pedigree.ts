import { chartRead } from '../chart-read.js';

/**
 * A person's ancestors as a nested chart through the privacy engine (see chartRead and nestChart):
 * parents ordered male, female, unknown; an ancestor reached twice is expanded once and referenced after.
 */
export const pedigree = chartRead('up');
