import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { startOfflineApp } from '../../test/helpers/offlineApp.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const TOKEN = 'monitored-metrics-test-token';
/** Series Prometheus itself makes for every target it scrapes. */
const SCRAPE_SERIES = new Set(['up']);

let exported: Set<string>;
let env: Awaited<ReturnType<typeof startOfflineApp>>;

beforeAll(async () => {
  env = await startOfflineApp({
    metrics: { host: '127.0.0.1', token: TOKEN },
    analytics: { enabled: true, origins: ['http://localhost:8080'] },
  });
  const scrape = await env.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(scrape.statusCode).toBe(200);
  exported = exportedSeries(scrape.body);
});
afterAll(async () => {
  await env?.close();
});

describe('what the monitoring files query is what the relayer exports', () => {
  test('every metric of the Grafana dashboard', () => {
    const dashboard = JSON.parse(read('deploy/grafana/relayer-dashboard.json'));
    const exprs: string[] = dashboard.panels.flatMap((p: { targets: { expr: string }[] }) =>
      p.targets.map((t) => t.expr),
    );
    const used = new Set(exprs.flatMap(metricNames));
    // The panels the dashboard promises, by the metric each reads.
    for (const name of [
      'relayer_http_requests_total',
      'relayer_http_request_duration_seconds_bucket',
      'relayer_open_orders',
      'relayer_watcher_lag_blocks',
      'relayer_watcher_healthy',
      'relayer_watcher_leader',
      'relayer_chain_up',
      'relayer_database_up',
      'relayer_price_age_seconds',
      'relayer_orders_accepted_total',
      'relayer_orders_refused_total',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(used, name).toContain(name);
    }
    expect([...used].filter((name) => !exported.has(name) && !SCRAPE_SERIES.has(name))).toEqual([]);
  });

  test('every metric of the alert rules', () => {
    const { groups } = parse(read('deploy/prometheus/alerts.yml'));
    const used = new Set<string>(
      groups.flatMap((g: { rules: { expr: string }[] }) => g.rules.flatMap((r) => metricNames(r.expr))),
    );
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !exported.has(name) && !SCRAPE_SERIES.has(name))).toEqual([]);
  });

  test("docs/OPERATING.md's metrics table lists exactly the relayer's own metrics", () => {
    const section = read('docs/OPERATING.md').split('## Metrics')[1]?.split('\n## ')[0] ?? '';
    const documented = new Set(
      [...section.matchAll(/^\|[^|]*\|/gm)].flatMap((row) =>
        [...row[0].matchAll(/`(relayer_\w+)`/g)].map((m) => m[1] as string),
      ),
    );
    const families = [...exported].filter(
      (name) => name.startsWith('relayer_') && !/_(bucket|sum|count)$/.test(name),
    );
    expect([...documented].sort()).toEqual(families.sort());
  });

  test('the name extraction sees through functions, labels and keywords', () => {
    expect(
      metricNames(
        'sum by (network, le) (rate(a_total{code=~"X|Y", by="z"}[5m])) / on(instance) group_left b offset 30m > 0.5 and bool c',
      ).sort(),
    ).toEqual(['a_total', 'b', 'c']);
  });
});

/** Series names in a Prometheus text exposition (a histogram's `_bucket`, `_sum` and `_count` too). */
function exportedSeries(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (!name) continue;
    names.add(name);
    if (type === 'histogram' || type === 'summary') {
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    }
  }
  return names;
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'by', 'without', 'on', 'ignoring', 'offset', 'bool']);

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords or labels. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/(?<![\w.:])([a-zA-Z_:][\w:]*)(?![\w:])(?!\s*\()/g)]
    .map((m) => m[1] as string)
    .filter((name) => !KEYWORDS.has(name) && !/^\d/.test(name) && !/^(?:group_left|group_right)$/.test(name));
}
