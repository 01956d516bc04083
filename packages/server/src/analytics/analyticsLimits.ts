/**
 * What the pageview recorder keeps (docs/RELIABILITY.md, "Bounded costs for every request"). Known page
 * paths alone are well under the daily cap (two networks × the coin catalogue); the cap only stops a
 * future page pattern or a bug from growing the table without bound.
 */
export const analyticsLimits = {
  /** Distinct paths counted per UTC day; views of further paths that day are refused. */
  maxPathsPerDay: 200,
  /** Days of counts kept; older days are deleted. */
  retentionDays: 90,
  /** How often one instance deletes expired days. */
  pruneEveryMs: 60 * 60_000,
} as const;
