type Labels = Record<string, string>;

interface Series {
  help: string;
  type: 'counter' | 'gauge';
  values: Map<string, { labels: Labels; value: number }>;
}

/** Latency buckets (seconds) of the request duration histogram. */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface Metrics {
  inc(name: string, labels?: Labels, by?: number): void;
  set(name: string, labels: Labels, value: number): void;
  observeRequest(labels: Labels, seconds: number): void;
  /** Prometheus text exposition (version 0.0.4) of everything recorded, plus `extra` gauges read at scrape time. */
  render(extra?: readonly GaugeSample[]): string;
}

export interface GaugeSample {
  name: string;
  help: string;
  labels: Labels;
  value: number;
}

/**
 * Hand-rolled Prometheus registry (prom-client is not a dependency): counters and gauges keyed by
 * label set, and one request-duration histogram. Label values are escaped per the text format.
 */
export function createMetrics(help: Record<string, { help: string; type: 'counter' | 'gauge' }>): Metrics {
  const series = new Map<string, Series>();
  const histogram = new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>();
  const seriesOf = (name: string): Series => {
    let s = series.get(name);
    if (!s) {
      const meta = help[name] ?? { help: name, type: 'counter' as const };
      s = { help: meta.help, type: meta.type, values: new Map() };
      series.set(name, s);
    }
    return s;
  };

  return {
    inc(name, labels = {}, by = 1) {
      const values = seriesOf(name).values;
      const key = labelKey(labels);
      const current = values.get(key);
      if (current) current.value += by;
      else values.set(key, { labels, value: by });
    },
    set(name, labels, value) {
      seriesOf(name).values.set(labelKey(labels), { labels, value });
    },
    observeRequest(labels, seconds) {
      const key = labelKey(labels);
      let h = histogram.get(key);
      if (!h) {
        h = { labels, buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
        histogram.set(key, h);
      }
      h.count += 1;
      h.sum += seconds;
      BUCKETS.forEach((bound, i) => {
        if (seconds <= bound && h) h.buckets[i] = (h.buckets[i] ?? 0) + 1;
      });
    },
    render(extra = []) {
      const lines: string[] = [];
      for (const [name, s] of series) {
        lines.push(`# HELP ${name} ${s.help}`, `# TYPE ${name} ${s.type}`);
        for (const { labels, value } of s.values.values())
          lines.push(`${name}${formatLabels(labels)} ${value}`);
      }
      const byName = new Map<string, GaugeSample[]>();
      for (const sample of extra) byName.set(sample.name, [...(byName.get(sample.name) ?? []), sample]);
      for (const [name, samples] of byName) {
        lines.push(`# HELP ${name} ${samples[0]?.help ?? name}`, `# TYPE ${name} gauge`);
        for (const sample of samples) lines.push(`${name}${formatLabels(sample.labels)} ${sample.value}`);
      }
      const h = 'relayer_http_request_duration_seconds';
      lines.push(`# HELP ${h} HTTP request duration by route`, `# TYPE ${h} histogram`);
      for (const { labels, buckets, sum, count } of histogram.values()) {
        BUCKETS.forEach((bound, i) => {
          lines.push(`${h}_bucket${formatLabels({ ...labels, le: String(bound) })} ${buckets[i] ?? 0}`);
        });
        lines.push(`${h}_bucket${formatLabels({ ...labels, le: '+Inf' })} ${count}`);
        lines.push(`${h}_sum${formatLabels(labels)} ${sum}`, `${h}_count${formatLabels(labels)} ${count}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}

/** Callers always pass a series' labels in the same order, so their values alone identify it. */
function labelKey(labels: Labels): string {
  let key = '';
  for (const name in labels) key += `${labels[name]}\u0000`;
  return key;
}

function formatLabels(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  const escapeValue = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  return `{${entries.map(([k, v]) => `${k}="${escapeValue(v)}"`).join(',')}}`;
}
