import type { ChartReads } from '../../core/charts/ports.js';
import type { MemoryState } from './state.js';

export const memoryChartReads = (_s: MemoryState): ChartReads => ({});
