import type { ChartReads } from '../../core/charts/ports.js';
import type { Sql } from './sql.js';

export const pgChartReads = (_db: Sql): ChartReads => ({});
