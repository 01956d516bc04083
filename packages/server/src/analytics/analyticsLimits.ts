/**
 * What the pageview recorder keeps (docs/RELIABILITY.md, "Bounded costs for every request"). Only the web
 * app's pages are counted (`pageKind`); its fixed pages are a bounded set (`FIXED_PAGE_COUNT` per
 * network) counted even on a full day, so the cap bounds the markets, whose number grows with the listed
 * tokens, and no run of market views can crowd the home page out.
 */
export const analyticsLimits = {
  /** Distinct paths counted per UTC day; views of further markets that day are refused. */
  maxPathsPerDay: 200,
  /** Days of counts kept; older days are deleted. */
  retentionDays: 90,
  /** How often one instance deletes expired days. */
  pruneEveryMs: 60 * 60_000,
} as const;
