// Skeleton: the charts helper defines this port (pedigree and descendant charts).
export type ChartReads = Record<string, never>;
