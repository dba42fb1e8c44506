import { chartRead } from '../chart-read.js';

/**
 * A person's descendants as a nested chart through the privacy engine (see chartRead and nestChart):
 * children by birth year; at most CHART_PERSON_CAP persons, a cut person marked `truncated`.
 */
export const descendants = chartRead('down');
