import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium (a test tool's own browser download cannot work offline): E2E_CHROMIUM, PATH, or /usr/bin. */
export function chromiumPath(): string {
  const fromEnv = process.env.E2E_CHROMIUM;
  if (fromEnv) return fromEnv;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {}
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error('Chromium is not installed: run `apt-get install -y chromium` (as root) and try again');
}
