import { readFileSync } from 'node:fs';

type Env = Record<string, string | undefined>;

/**
 * Secrets an operator gives as files rather than values in the environment (compose's and systemd's
 * secrets, a Kubernetes volume): each `*_FILE` variable names a file whose content sets the variable
 * beside it. The database password goes into DATABASE_URL, which then names the user only.
 */
export const SECRET_FILE_VARIABLES: Readonly<Record<string, string>> = {
  METRICS_TOKEN_FILE: 'METRICS_TOKEN',
  ADMIN_TOKEN_FILE: 'ADMIN_TOKEN',
  DATABASE_PASSWORD_FILE: 'DATABASE_URL',
};

export interface SecretFiles {
  /** `env` with each secret read from its file in place. */
  env: Env;
  /** One line per problem, naming the variable and the file, never the secret. */
  problems: string[];
}

/**
 * Reads every `*_FILE` variable's file into the variable it stands for. A file's trailing line break is
 * not part of the secret (`echo secret > file` writes one); giving a value both ways is refused, since
 * either choice would silently ignore one of them.
 */
export function readSecretFiles(
  env: Env,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): SecretFiles {
  const resolved: Env = { ...env };
  const problems: string[] = [];
  for (const [fileVariable, variable] of Object.entries(SECRET_FILE_VARIABLES)) {
    const path = env[fileVariable];
    if (!path) continue;
    let secret: string;
    try {
      secret = readFile(path).replace(/\r?\n$/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problems.push(`${fileVariable}: cannot read ${path} (${code ?? String(error)})`);
      continue;
    }
    if (secret === '') {
      problems.push(`${fileVariable}: ${path} is empty`);
      continue;
    }
    if (variable === 'DATABASE_URL') {
      const withPassword = databaseUrlWithPassword(env.DATABASE_URL, secret);
      if ('problem' in withPassword) problems.push(`${fileVariable}: ${withPassword.problem}`);
      else resolved.DATABASE_URL = withPassword.url;
    } else if (env[variable]) {
      problems.push(`${variable} and ${fileVariable} are both set: keep one`);
    } else {
      resolved[variable] = secret;
    }
  }
  return { env: resolved, problems };
}

/** DATABASE_URL with the password put in (URL-encoded), when it names a user and no password. */
function databaseUrlWithPassword(
  databaseUrl: string | undefined,
  password: string,
): { url: string } | { problem: string } {
  if (!databaseUrl) return { problem: 'needs DATABASE_URL (postgres://user@host:port/database)' };
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    // DATABASE_URL's own check names what is wrong with it.
    return { url: databaseUrl };
  }
  if (url.password) return { problem: 'DATABASE_URL has a password already: keep one' };
  if (!url.username) return { problem: 'DATABASE_URL names no user (postgres://user@host:port/database)' };
  url.password = encodeURIComponent(password);
  return { url: url.href };
}
