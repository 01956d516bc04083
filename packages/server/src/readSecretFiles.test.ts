import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig } from './config.js';

const dir = mkdtempSync(join(tmpdir(), 'relayer-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A secret file as `echo value > file` writes it (with its line break). */
function secretFile(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('secrets from files', () => {
  test('the tokens and the database password are read from the files the *_FILE variables name', () => {
    const config = loadConfig({
      METRICS_TOKEN_FILE: secretFile('metrics', 'metrics-token-from-a-file\n'),
      ADMIN_TOKEN_FILE: secretFile('admin', 'admin-token-from-a-file!'),
      DATABASE_URL: 'postgres://relayer@db.internal:5432/relayer',
      DATABASE_PASSWORD_FILE: secretFile('password', 'p@ss:w/rd%20\n'),
    });
    expect(config.metrics.token).toBe('metrics-token-from-a-file');
    expect(config.admin.token).toBe('admin-token-from-a-file!');
    // Encoded in the URL, so a password with @, :, / or % still names the right host.
    const url = new URL(config.database.url as string);
    expect([url.hostname, url.port, url.username]).toEqual(['db.internal', '5432', 'relayer']);
    expect(decodeURIComponent(url.password)).toBe('p@ss:w/rd%20');
  });

  test('a missing or empty file, or a value given both ways, is refused by name without the secret', () => {
    const load = () =>
      loadConfig({
        METRICS_TOKEN: 'metrics-token-in-the-environment',
        METRICS_TOKEN_FILE: secretFile('metrics-both', 'metrics-token-in-a-file-too'),
        ADMIN_TOKEN_FILE: join(dir, 'no-such-file'),
        DATABASE_URL: 'postgres://relayer:inline-password@db:5432/relayer',
        DATABASE_PASSWORD_FILE: secretFile('empty', '\n'),
      });
    expect(load).toThrow(/METRICS_TOKEN and METRICS_TOKEN_FILE are both set: keep one/);
    expect(load).toThrow(/ADMIN_TOKEN_FILE: cannot read .*no-such-file \(ENOENT\)/);
    expect(load).toThrow(/DATABASE_PASSWORD_FILE: .*empty is empty/);
    let message = '';
    try {
      load();
    } catch (error) {
      message = String(error);
    }
    expect(message).not.toMatch(/metrics-token-in-a-file-too|inline-password/);
  });

  test('a password file needs a DATABASE_URL with a user and no password', () => {
    const password = secretFile('password-2', 'secret');
    expect(() => loadConfig({ DATABASE_PASSWORD_FILE: password })).toThrow(
      /DATABASE_PASSWORD_FILE: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/r', DATABASE_PASSWORD_FILE: password }),
    ).toThrow(/DATABASE_PASSWORD_FILE: DATABASE_URL has a password already/);
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://db:5432/r', DATABASE_PASSWORD_FILE: password }),
    ).toThrow(/DATABASE_PASSWORD_FILE: DATABASE_URL names no user/);
  });

  test('a misspelt *_FILE variable is refused with the closest name', () => {
    expect(() => loadConfig({ METRICS_TOKEN_FIEL: '/run/secrets/metrics_token' })).toThrow(
      /METRICS_TOKEN_FIEL is not a setting of the relayer; did you mean METRICS_TOKEN_FILE\?/,
    );
  });
});
