import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { type ComposeService, effectiveCompose, readEnvFile } from '../../test/helpers/effectiveCompose.js';
import { loadConfig } from '../config.js';

/**
 * compose.yaml's first start, without a Docker daemon: its effective configuration (Docker's own
 * `docker compose config` where the compose plugin is installed, else the same rules over the YAML
 * read here) with the documented `.env` (deploy/compose.env.example), and with the server's own
 * .env.example copied in by mistake, which once made every relayer listen on its container's loopback.
 */
const root = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));
const composeFile = root('compose.yaml');
const composeEnv = readFileSync(root('deploy/compose.env.example'), 'utf8');
// The server's example has no RPC_URL of a real network and none of compose's own variables.
const serverEnv = `${readFileSync(root('packages/server/.env.example'), 'utf8')}\nRPC_URL=https://node.example.org\nWEB_RPC_URL=https://public.example.org\n`;

const secretsDir = mkdtempSync(join(tmpdir(), 'relayer-compose-secrets-'));
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));

const compose = effectiveCompose(composeFile, composeEnv);
console.log(`compose.yaml checked by ${compose.by}`);
const service = (name: string) => compose.services.find((s) => s.name === name) as ComposeService;
const relayers = compose.services.filter((s) => s.environment.DATABASE_URL !== undefined);

describe('compose.yaml', () => {
  test('two relayer instances, each named, each listening on every interface of its container', () => {
    expect(relayers.map((r) => r.name)).toEqual(['relayer1', 'relayer2']);
    for (const withEnv of [composeEnv, serverEnv]) {
      for (const relayer of effectiveCompose(composeFile, withEnv).services.filter((s) =>
        s.name.startsWith('relayer'),
      )) {
        expect(relayer.environment, relayer.name).toMatchObject({
          HOST: '0.0.0.0',
          PORT: '3000',
          METRICS_HOST: '0.0.0.0',
          INSTANCE_NAME: relayer.name,
        });
      }
    }
    // Caddy sends the API to each of them, on the port it listens on.
    const upstreams = service('proxy').environment.RELAYER_UPSTREAMS?.split(/\s+/);
    expect(upstreams).toEqual(relayers.map((r) => `${r.name}:${r.environment.PORT}`));
  });

  test('the documented .env sets nothing compose.yaml must decide itself', () => {
    const set = Object.keys(readEnvFile(composeEnv));
    for (const name of ['HOST', 'PORT', 'DATABASE_URL', 'METRICS_HOST', 'METRICS_PORT', 'INSTANCE_NAME'])
      expect(set, name).not.toContain(name);
    for (const name of ['METRICS_TOKEN', 'ADMIN_TOKEN', 'POSTGRES_PASSWORD']) expect(set).not.toContain(name);
  });

  test('every image is pinned to a version: no floating tags', () => {
    const pinned = /^[a-z0-9./-]+:\d+\.\d+(\.\d+)?(-[a-z0-9.-]+)?(@sha256:[0-9a-f]{64})?$/;
    const images = compose.services.flatMap((s) => (s.image ? [s.image] : []));
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) expect(image, image).toMatch(pinned);
    // The built services' base image too.
    const base = /^ARG NODE_IMAGE=(\S+)$/m.exec(readFileSync(root('Dockerfile'), 'utf8'))?.[1];
    expect(base).toMatch(pinned);
  });

  test('every service has CPU and memory limits, rotated logs, a healthcheck', () => {
    for (const s of compose.services) {
      expect(s.limits, s.name).toEqual({ cpus: expect.any(String), memory: expect.any(String) });
      expect(s.logging, s.name).toEqual({ driver: 'json-file', maxSize: '10m', maxFile: '5' });
      // The relayer image's own HEALTHCHECK serves the relayers and the web app (HEALTHCHECK_URL).
      expect(s.healthcheck || s.built, s.name).toBe(true);
    }
  });

  test('secrets come from files: none is a value in the environment', () => {
    const secretVariable = /PASSWORD$|TOKEN$|_KEY$/;
    for (const s of compose.services) {
      for (const [name, value] of Object.entries(s.environment)) {
        if (secretVariable.test(name)) expect(value, `${s.name} ${name}`).toBe('');
        if (!name.endsWith('_FILE')) continue;
        const secret = /^\/run\/secrets\/([a-z_]+)$/.exec(value)?.[1];
        expect(secret, `${s.name} ${name}=${value}`).toBeDefined();
        expect(s.secrets, `${s.name} mounts ${secret}`).toContain(secret);
        expect(compose.secretFiles[secret as string], `secret ${secret}`).toMatch(/secrets\/[a-z_]+$/);
      }
    }
    for (const relayer of relayers) {
      expect(Object.keys(relayer.environment)).toEqual(
        expect.arrayContaining(['DATABASE_PASSWORD_FILE', 'METRICS_TOKEN_FILE', 'ADMIN_TOKEN_FILE']),
      );
      expect(new URL(relayer.environment.DATABASE_URL as string).password).toBe('');
    }
    expect(service('postgres').environment.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
  });

  test('the relayers log in as their own role, which the database creates at its first start', () => {
    const postgres = service('postgres');
    const superuser = postgres.environment.POSTGRES_USER || 'postgres';
    const script = postgres.mounts.find((m) => m.target.startsWith('/docker-entrypoint-initdb.d/'));
    expect(script?.source).toMatch(/deploy\/postgres\/createRelayerRole\.sh$/);
    const role = /RELAYER_DB_USER:-([a-z_]+)/.exec(
      readFileSync(root('deploy/postgres/createRelayerRole.sh'), 'utf8'),
    )?.[1];
    for (const relayer of relayers) {
      const url = new URL(relayer.environment.DATABASE_URL as string);
      expect(url.username).not.toBe(superuser);
      expect(url.username).toBe(role);
    }
    // The role's password reaches both sides from the one file.
    expect(postgres.environment.RELAYER_DB_PASSWORD_FILE).toBe(
      relayers[0]?.environment.DATABASE_PASSWORD_FILE,
    );
  });

  test("each relayer's effective environment, with the secrets made as documented, is a configuration the relayer starts with", () => {
    // OPERATING.md's lines between the `cp` of the .env and `docker compose up`, run as written.
    const doc = readFileSync(root('docs/OPERATING.md'), 'utf8');
    const block = /```sh\n(cp deploy\/compose\.env\.example[\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const lines = block.split('\n').filter((line) => line && !/^(cp|docker) /.test(line));
    expect(lines.join('\n')).toContain('openssl rand');
    execFileSync('sh', ['-ec', lines.join('\n')], { cwd: secretsDir });
    const made = join(secretsDir, 'secrets');
    expect(statSync(made).mode & 0o777).toBe(0o700);
    const secret = (name: string) => {
      expect(statSync(join(made, name)).mode & 0o777, name).toBe(0o644);
      return readFileSync(join(made, name), 'utf8').trim();
    };
    const secrets = {
      relayer_db_password: secret('relayer_db_password'),
      metrics_token: secret('metrics_token'),
      admin_token: secret('admin_token'),
    };
    expect(new Set(Object.values(secrets)).size).toBe(3);
    for (const value of Object.values(secrets)) expect(value).toMatch(/^[0-9a-f]{48}$/);
    for (const relayer of relayers) {
      // The secrets as the container would see them, from this test's directory instead of /run/secrets.
      const env = Object.fromEntries(
        Object.entries(relayer.environment).map(([k, v]) => [k, v.replace('/run/secrets', made)]),
      );
      const config = loadConfig(env);
      expect(config).toMatchObject({
        host: '0.0.0.0',
        port: 3000,
        instanceName: relayer.name,
        metrics: { host: '0.0.0.0', port: 9464, token: secrets.metrics_token },
        admin: { token: secrets.admin_token },
      });
      const url = new URL(config.database.url as string);
      expect([url.username, url.password, url.hostname]).toEqual([
        'relayer',
        secrets.relayer_db_password,
        'postgres',
      ]);
    }
  });
});
