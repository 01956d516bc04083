import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.js';
import { findUnknownVariables } from './findUnknownVariables.js';

describe('findUnknownVariables', () => {
  test('refuses a misspelt setting by name, with the closest known one', () => {
    expect(() => loadConfig({ METRICS_TOKN: 'a-long-enough-secret-token' })).toThrow(
      'METRICS_TOKN is not a setting of the relayer; did you mean METRICS_TOKEN?',
    );
    expect(findUnknownVariables({ KOVAN_RPC_ULR: 'http://x', WATCHER_POL_MS: '10' })).toEqual([
      'KOVAN_RPC_ULR is not a setting of the relayer; did you mean KOVAN_RPC_URL?',
      'WATCHER_POL_MS is not a setting of the relayer; did you mean WATCHER_POLL_MS?',
    ]);
    expect(findUnknownVariables({ ADMIN_TOKN: 'a-long-enough-admin-token' })).toEqual([
      'ADMIN_TOKN is not a setting of the relayer; did you mean ADMIN_TOKEN?',
    ]);
  });

  test("leaves the shell's, npm's, node's and the deployment's other variables alone", () => {
    const env = {
      PATH: '/usr/bin',
      HOME: '/root',
      HOSTNAME: 'relayer1',
      PWD: '/app',
      NODE_OPTIONS: '--enable-source-maps',
      NODE_ENV: 'production',
      npm_config_cache: '/tmp',
      npm_lifecycle_event: 'start',
      POSTGRES_PASSWORD: 'x',
      TRUSTED_PROXIES: '10.0.0.0/8',
      WEB_RPC_URL: 'http://x',
      PUBLIC_URL: 'https://relayer.example.org',
      SITE_ADDRESS: ':80',
      LOGNAME: 'root',
      CHAIN_PORT: '8545',
      // The admin CLI's, read from the same shell as the relayer's own ADMIN_TOKEN.
      ADMIN_URL: 'http://127.0.0.1:9464',
      RELAYER_PORT: '3000',
      START_HOST: '127.0.0.1',
      metrics_tokn: 'lower case is not ours',
    };
    expect(findUnknownVariables(env)).toEqual([]);
    expect(() => loadConfig(env)).not.toThrow();
  });
});
