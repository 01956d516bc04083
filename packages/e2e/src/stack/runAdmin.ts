import { spawn } from 'node:child_process';
import { npmEnv } from '../processes.ts';

export interface AdminRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- <args>` as an operator types it at the repository's root, with ADMIN_URL and ADMIN_TOKEN. */
export function runAdmin(options: {
  repoRoot: string;
  url: string;
  token: string;
  args: string[];
}): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...options.args], {
      cwd: options.repoRoot,
      env: npmEnv({ ADMIN_URL: options.url, ADMIN_TOKEN: options.token }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}
