// The image's HEALTHCHECK: GET HEALTHCHECK_URL (default the relayer's /health on this container's PORT)
// and exit 0 on a 2xx answer within 4 s. /health is 200 while the instance serves reads (`ok`, or
// `degraded`: a node, a watcher or the database down, the book then read from memory) and 503 when it
// cannot (a book not loaded, or shutting down), so a database outage does not mark the container
// unhealthy. Plain JavaScript: it runs without tsx, once every interval.
const url = process.env.HEALTHCHECK_URL || `http://127.0.0.1:${process.env.PORT || 3000}/health`;
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
