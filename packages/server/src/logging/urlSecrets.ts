import { redactUrl } from './redactUrl.js';

/** A secret string as it may appear in a message, and what it is replaced by. */
export type Secret = readonly [secret: string, replacement: string];

/** Shorter strings are not replaced: a one-letter password would garble every line it appears in. */
const MIN_SECRET_LENGTH = 4;

/**
 * The strings of `url` that must never be shown, each with its replacement: the URL itself (as written
 * and as parsed), its userinfo and password, and, unless `pathIsPublic` (a database URL's path is only
 * the database name), its path, query and their longer parts, where a hosted node's API key sits.
 */
export function urlSecrets(url: string, options: { pathIsPublic?: boolean } = {}): Secret[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.length >= MIN_SECRET_LENGTH ? [[url, '(a URL)']] : [];
  }
  const shown = redactUrl(parsed);
  const secrets: Secret[] = [
    [url, shown],
    [parsed.href, shown],
  ];
  for (const password of [parsed.password, safeDecode(parsed.password)])
    if (password.length >= MIN_SECRET_LENGTH) secrets.push([password, '***']);
  if (parsed.username && parsed.password) secrets.push([`${parsed.username}:${parsed.password}@`, '***@']);
  if (!options.pathIsPublic) {
    const rest = `${parsed.pathname}${parsed.search}`;
    if (rest.length > 1) secrets.push([rest, '/…']);
    const parts = [...parsed.pathname.split('/'), ...parsed.searchParams.values()];
    for (const part of parts)
      for (const text of [part, safeDecode(part)])
        if (text.length >= MIN_SECRET_LENGTH) secrets.push([text, '…']);
  }
  return secrets.filter(([secret]) => secret.length >= MIN_SECRET_LENGTH);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
