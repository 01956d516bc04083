import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPromtool } from '@relayer/devchain';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PROMETHEUS_DIR = join(ROOT, 'deploy/prometheus');

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  annotations: { summary: string };
}
interface RuleTest {
  name: string;
  alert_rule_test: { alertname: string; exp_alerts: unknown[] }[];
}

const rules = (): AlertRule[] =>
  parse(readFileSync(join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8')).groups.flatMap(
    (group: { rules: AlertRule[] }) => group.rules,
  );

describe('the alert rule files', () => {
  test('every alert has a promtool scenario in which it fires', () => {
    const tests: RuleTest[] = parse(readFileSync(join(PROMETHEUS_DIR, 'alerts.test.yml'), 'utf8')).tests;
    const firing = new Set(
      tests.flatMap((t) => t.alert_rule_test.filter((c) => c.exp_alerts.length > 0).map((c) => c.alertname)),
    );
    const names = rules().map((r) => r.alert);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !firing.has(name))).toEqual([]);
  });

  test("docs/OPERATING.md's alert table is the file's alerts, their `for` and summary", () => {
    const section = readFileSync(join(ROOT, 'docs/OPERATING.md'), 'utf8').split('### Alerts')[1] ?? '';
    const documented = [...(section.split('\n### ')[0] ?? '').matchAll(/^\| `(\w+)` +\|(.*)\|$/gm)].map(
      (m) => [m[1], ...(m[2] as string).split('|').map((cell) => cell.trim())],
    );
    expect(documented).toEqual(rules().map((r) => [r.alert, r.for ?? '', r.annotations.summary]));
  });

  test('the scrape config sends the metrics token from a file and loads the rules', () => {
    const config = parse(readFileSync(join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8'));
    expect(config.rule_files).toEqual(['alerts.yml']);
    const relayer = config.scrape_configs.find((c: { job_name: string }) => c.job_name === 'relayer');
    expect(relayer.authorization).toMatchObject({ credentials_file: expect.stringMatching(/^\//) });
  });
});

const promtool = findPromtool();
const ci = process.env.CI === 'true';
if (!promtool && !ci) {
  console.warn(
    "\n!!! promtool checks of deploy/prometheus SKIPPED: promtool not found and not installable (Debian's prometheus package; run as root)\n",
  );
}

describe.skipIf(!promtool && !ci)('promtool over deploy/prometheus', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'relayer-promtool-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** Runs promtool; a non-zero exit fails the test with promtool's own output. */
  const run = (args: string[]) => {
    if (!promtool) throw new Error("CI=true but promtool is missing: install Debian's prometheus package");
    try {
      return execFileSync(promtool, args, { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`promtool ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
    }
  };

  test('check rules: every rule parses as PromQL', () => {
    expect(run(['check', 'rules', 'deploy/prometheus/alerts.yml'])).toContain(
      `SUCCESS: ${rules().length} rules found`,
    );
  });

  test('check config: the scrape config, its token file and its rule file', () => {
    // promtool also opens the token file: check a copy whose token file exists.
    const original = readFileSync(join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8');
    const token = join(scratch, 'metrics_token');
    writeFileSync(token, 'a-metrics-token-of-the-operator\n');
    const copy = original.replace(/credentials_file: \S+/, `credentials_file: ${token}`);
    expect(copy).not.toBe(original);
    writeFileSync(join(scratch, 'prometheus.yml'), copy);
    copyFileSync(join(PROMETHEUS_DIR, 'alerts.yml'), join(scratch, 'alerts.yml'));
    const out = run(['check', 'config', join(scratch, 'prometheus.yml')]);
    expect(out).toContain('is valid prometheus config file');
    expect(out).toContain(`SUCCESS: ${rules().length} rules found`);
    expect(run(['check', 'config', '--syntax-only', 'deploy/prometheus/prometheus.yml'])).toContain('valid');
  });

  test('test rules: each alert fires in its scenario and stays quiet in its near miss', () => {
    expect(run(['test', 'rules', 'deploy/prometheus/alerts.test.yml'])).toContain('SUCCESS');
  });
});
