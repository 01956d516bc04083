import type { Config } from '../config.js';
import { orderSecrets } from './scrubSecrets.js';
import { type Secret, urlSecrets } from './urlSecrets.js';

/**
 * Every secret the configuration holds, ready for `scrubText`: the nodes' and the price source's URL
 * paths and queries (API keys), the database password, the metrics and admin tokens and the price API key.
 */
export function configSecrets(config: Config): Secret[] {
  const secrets: Secret[] = [
    ...config.networks.flatMap((n) => urlSecrets(n.rpcUrl)),
    ...(config.database.url ? urlSecrets(config.database.url, { pathIsPublic: true }) : []),
    ...(config.prices.sourceUrl ? urlSecrets(config.prices.sourceUrl) : []),
  ];
  for (const token of [config.metrics.token, config.admin.token, config.prices.apiKey])
    if (token) secrets.push([token, '***']);
  // A log line is JSON: a secret with a quote or a backslash appears escaped there.
  const escaped = secrets.map(
    ([secret, replacement]): Secret => [JSON.stringify(secret).slice(1, -1), replacement],
  );
  return orderSecrets([...secrets, ...escaped]);
}
