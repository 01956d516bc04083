import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

const PROMTOOL = '/usr/bin/promtool';
const POLICY_RC = '/usr/sbin/policy-rc.d';

/**
 * Debian's promtool (package `prometheus`), installed with apt when missing and this process is root;
 * undefined when not to be had. The package also ships a Prometheus service: the install runs under a
 * policy-rc.d that denies every service start, so it never leaves a daemon behind.
 */
export function findPromtool(): string | undefined {
  if (existsSync(PROMTOOL) || process.getuid?.() !== 0) return existsSync(PROMTOOL) ? PROMTOOL : undefined;
  const ownPolicy = !existsSync(POLICY_RC);
  if (ownPolicy) writeFileSync(POLICY_RC, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  const apt = (args: string[]) =>
    execFileSync('apt-get', args, {
      stdio: 'ignore',
      timeout: 300_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  const install = ['install', '-y', '--no-install-recommends', 'prometheus'];
  try {
    try {
      apt(install);
    } catch {
      // A fresh machine may have no package lists yet.
      apt(['update']);
      apt(install);
    }
  } catch {
    return undefined;
  } finally {
    if (ownPolicy) rmSync(POLICY_RC, { force: true });
  }
  return existsSync(PROMTOOL) ? PROMTOOL : undefined;
}
