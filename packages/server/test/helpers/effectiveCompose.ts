import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

/** One service of compose.yaml as the containers would get it, whichever way it was computed. */
export interface ComposeService {
  name: string;
  /** The image, unless the service is built from the Dockerfile. */
  image?: string;
  built: boolean;
  /** env_file entries, then `environment` over them: what the process sees. */
  environment: Record<string, string>;
  secrets: string[];
  limits: { cpus?: string; memory?: string };
  logging: { driver?: string; maxSize?: string; maxFile?: string };
  healthcheck: boolean;
  /** Bind mounts and volumes: source (as written, or absolute from Docker) and target. */
  mounts: { source: string; target: string }[];
}

export interface EffectiveCompose {
  /** How it was computed: Docker's own `docker compose config`, or this file's reading of the YAML. */
  by: 'docker compose config' | 'yaml';
  services: ComposeService[];
  /** Top-level secrets and the file each comes from. */
  secretFiles: Record<string, string>;
}

/** `KEY=value` lines of an env file (comments and blank lines skipped), as compose reads `.env`. */
export function readEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1] as string] = (match[2] as string).replace(/^(["'])(.*)\1$/, '$2');
  }
  return env;
}

/**
 * compose.yaml (at `composeFile`) with `dotEnv` as its `.env`, as compose would run it: through
 * `docker compose config` where Docker's compose plugin is installed, else read here with a YAML
 * parser applying what compose applies (merge keys, `${VAR:-default}`, `${VAR:?error}`, env_file
 * under environment).
 */
export function effectiveCompose(composeFile: string, dotEnv: string): EffectiveCompose {
  const hasDocker = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0;
  return hasDocker ? byDocker(composeFile, dotEnv) : byYaml(composeFile, dotEnv);
}

function byDocker(composeFile: string, dotEnv: string): EffectiveCompose {
  const dir = mkdtempSync(join(tmpdir(), 'relayer-compose-'));
  try {
    copyFileSync(composeFile, join(dir, 'compose.yaml'));
    writeFileSync(join(dir, '.env'), dotEnv);
    const result = spawnSync('docker', ['compose', 'config', '--format', 'json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`docker compose config failed:\n${result.stderr}`);
    return normalise(JSON.parse(result.stdout), {}, 'docker compose config');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function byYaml(composeFile: string, dotEnv: string): EffectiveCompose {
  const vars = readEnvFile(dotEnv);
  const doc = interpolate(parse(readFileSync(composeFile, 'utf8'), { merge: true }), vars);
  return normalise(doc, vars, 'yaml');
}

/** compose's `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}` and `$$` in every string. */
function interpolate(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
      (whole, name: string | undefined, colon: string, kind: string, rest: string) => {
        if (whole === '$$') return '$';
        const set = name !== undefined && vars[name] !== undefined;
        const given = set ? (vars[name as string] as string) : undefined;
        const missing = given === undefined || (colon === ':' && given === '');
        if (kind === '?' && missing) throw new Error(`compose refuses to start: ${rest}`);
        if (kind === '-' && missing) return rest;
        return given ?? '';
      },
    );
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, vars));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)]));
  return value;
}

type Raw = Record<string, unknown>;

function normalise(doc: unknown, dotEnv: Record<string, string>, by: EffectiveCompose['by']) {
  const root = doc as { services: Record<string, Raw>; secrets?: Record<string, { file: string }> };
  const services = Object.entries(root.services).map(([name, raw]): ComposeService => {
    // Docker's output has env_file merged already; here `.env` is the only env file compose.yaml names.
    const fromFile = raw.env_file ? dotEnv : {};
    const environment = Object.fromEntries(
      Object.entries({ ...fromFile, ...asMap(raw.environment) }).map(([k, v]) => [k, String(v ?? '')]),
    );
    const deploy = raw.deploy as { resources?: { limits?: Raw } } | undefined;
    const limits = deploy?.resources?.limits ?? {};
    const logging = (raw.logging ?? {}) as { driver?: string; options?: Record<string, string> };
    return {
      name,
      ...(raw.build ? {} : { image: String(raw.image) }),
      built: Boolean(raw.build),
      environment,
      secrets: ((raw.secrets ?? []) as (string | { source: string })[]).map((s) =>
        typeof s === 'string' ? s : s.source,
      ),
      limits: {
        ...(limits.cpus === undefined ? {} : { cpus: String(limits.cpus) }),
        ...(limits.memory === undefined ? {} : { memory: String(limits.memory) }),
      },
      logging: {
        ...(logging.driver ? { driver: logging.driver } : {}),
        ...(logging.options?.['max-size'] ? { maxSize: logging.options['max-size'] } : {}),
        ...(logging.options?.['max-file'] ? { maxFile: String(logging.options['max-file']) } : {}),
      },
      healthcheck: Boolean(raw.healthcheck),
      mounts: ((raw.volumes ?? []) as (string | { source: string; target: string })[]).map((v) => {
        if (typeof v !== 'string') return { source: v.source, target: v.target };
        const [source = '', target = ''] = v.split(':');
        return { source, target };
      }),
    };
  });
  const secretFiles = Object.fromEntries(
    Object.entries(root.secrets ?? {}).map(([name, secret]) => [name, secret.file]),
  );
  return { by, services, secretFiles };
}

/** `environment` as a map, from either of compose's forms (a map, or a list of KEY=value). */
function asMap(environment: unknown): Record<string, unknown> {
  if (!environment) return {};
  if (Array.isArray(environment)) return readEnvFile(environment.join('\n'));
  return environment as Record<string, unknown>;
}
