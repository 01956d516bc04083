import pino from 'pino';
import { expect, test } from 'vitest';
import { captureLog } from '../../test/helpers/captureLog.js';
import { loadConfig } from '../config.js';
import { loggerOptions } from './loggerOptions.js';

test("the logger scrubs the configuration's secrets from whatever a dependency writes", () => {
  const config = loadConfig({
    RPC_URL: 'https://mainnet.example.org/v3/SECRETAPIKEY123?key=SECRETQUERY456',
    DATABASE_URL: 'postgres://relayer:hunter2%22secret@db.internal:6543/relayer',
    METRICS_TOKEN: 'METRICSTOKENSECRET789',
    PRICE_SOURCE_API_KEY: 'PRICEKEYSECRET000',
  });
  const { stream, lines } = captureLog();
  const log = pino(loggerOptions(config), stream);
  const leak = new Error(
    `POST https://mainnet.example.org/v3/SECRETAPIKEY123?key=SECRETQUERY456 failed; path /v3/SECRETAPIKEY123`,
    { cause: new Error('password hunter2"secret for relayer refused') },
  );
  log.warn(
    { err: leak, token: 'Bearer METRICSTOKENSECRET789', key: 'PRICEKEYSECRET000' },
    'leaky dependency',
  );
  log.info(`connecting to ${config.database.url}`);
  expect(lines).toHaveLength(2);
  const text = lines.join('\n');
  for (const secret of [
    'SECRETAPIKEY123',
    'SECRETQUERY456',
    'hunter2',
    'METRICSTOKENSECRET789',
    'PRICEKEYSECRET000',
  ])
    expect(text).not.toContain(secret);
  expect(text).toContain('https://mainnet.example.org:443');
  expect(text).toContain('postgres://db.internal:6543');
});
