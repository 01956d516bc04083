import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { readStackOptions } from './readStackOptions.ts';

const operating = readFileSync(new URL('../../../docs/OPERATING.md', import.meta.url), 'utf8');

test('fixed defaults, variables over them, flags over both', () => {
  expect(readStackOptions([], {})).toMatchObject({
    host: '127.0.0.1',
    port: 8000,
    relayerPorts: [8001, 8002],
    metricsPorts: [9464, 9465],
    webPort: 8003,
    postgresPort: 8004,
    chainPort: 8545,
    publicUrl: 'http://localhost:8000',
  });
  const options = readStackOptions(['--port', '9000', '--relayer-ports', '9001,9002,9003'], {
    STACK_PORT: '7000',
    STACK_WEB_PORT: '7003',
    STACK_METRICS_PORTS: '9101,9102,9103',
  });
  expect(options).toMatchObject({ port: 9000, relayerPorts: [9001, 9002, 9003], webPort: 7003 });
  expect(options.publicUrl).toBe('http://localhost:9000');
  expect(options.uses({ devChain: false, postgres: false }).map((use) => use.port)).toEqual([
    9000, 9001, 9002, 9003, 9101, 9102, 9103, 7003,
  ]);
});

test('a bad, repeated or missing port is refused naming its flag and variable', () => {
  expect(() => readStackOptions(['--web-port', 'http'], {})).toThrow(
    '--web-port (STACK_WEB_PORT) must be a port number from 1 to 65535, not "http"',
  );
  expect(() => readStackOptions([], { STACK_CHAIN_PORT: '8001' })).toThrow(
    'port 8001 is given to two parts of the stack',
  );
  expect(() => readStackOptions(['--metrics-ports', '9464'], {})).toThrow(
    '--metrics-ports needs one port per relayer',
  );
  expect(() => readStackOptions(['--prot', '1'], {})).toThrow(/--prot/);
});

test("OPERATING.md's command and table are what the stack reads", () => {
  const command = /^npm run stack -- (.+?) \\\n {2}(.+)$/m.exec(operating);
  expect(command).not.toBeNull();
  const args = `${command?.[1]} ${command?.[2]}`.split(/\s+/);
  expect(readStackOptions(args, {})).toEqual({ ...readStackOptions([], {}), uses: expect.any(Function) });
  const defaults = readStackOptions([], {});
  const rows = [...operating.matchAll(/^\| [^|]+ \| `(--[a-z-]+)` +\| `(STACK_[A-Z_]+)` +\| ([^|]+) \|$/gm)];
  expect(rows.length).toBe(8);
  for (const [, flag, variable, documented] of rows) {
    if (flag === '--public-url') continue;
    const value = (documented as string).trim();
    expect(readStackOptions([flag as string, value], {}), flag).toEqual({
      ...defaults,
      uses: expect.any(Function),
    });
    expect(readStackOptions([], { [variable as string]: value }), variable).toEqual({
      ...defaults,
      uses: expect.any(Function),
    });
  }
});
