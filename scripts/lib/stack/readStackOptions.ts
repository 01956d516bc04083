import { parseArgs } from 'node:util';
import type { PortUse } from '../assertPortsFree.ts';

export interface StackOptions {
  /** The interface every part listens on. */
  host: string;
  /** The one public port (Caddy, or the stack's own proxy). */
  port: number;
  /** Each relayer instance's own port; their number is the number of instances. */
  relayerPorts: number[];
  /** Each instance's metrics and admin listener, in the same order. */
  metricsPorts: number[];
  webPort: number;
  postgresPort: number;
  /** The dev chain's, when the stack starts one (no RPC_URL). */
  chainPort: number;
  /** What browsers use: http://localhost:<port> unless STACK_PUBLIC_URL says otherwise. */
  publicUrl: string;
  /** The ports of the parts that will start, with what listens there and its variable (`assertPortsFree`). */
  uses: (parts: { devChain: boolean; postgres: boolean }) => PortUse[];
}

/** Each option: its flag, the variable that sets it too, and its fixed default. */
const OPTIONS = {
  host: { env: 'STACK_HOST', default: '127.0.0.1' },
  port: { env: 'STACK_PORT', default: '8000' },
  'relayer-ports': { env: 'STACK_RELAYER_PORTS', default: '8001,8002' },
  'metrics-ports': { env: 'STACK_METRICS_PORTS', default: '9464,9465' },
  'web-port': { env: 'STACK_WEB_PORT', default: '8003' },
  'postgres-port': { env: 'STACK_POSTGRES_PORT', default: '8004' },
  'chain-port': { env: 'STACK_CHAIN_PORT', default: '8545' },
  'public-url': { env: 'STACK_PUBLIC_URL', default: '' },
} as const;

export const STACK_USAGE = `Usage: npm run stack -- [--port 8000] [--relayer-ports 8001,8002] [--metrics-ports 9464,9465]
                        [--web-port 8003] [--postgres-port 8004] [--chain-port 8545]
                        [--host 127.0.0.1] [--public-url http://localhost:8000]
Each flag may be given as its variable instead (STACK_PORT, STACK_RELAYER_PORTS, ...); a flag wins.`;

/** The stack's ports and addresses from its flags, else their variables, else the fixed defaults. */
export function readStackOptions(args: readonly string[], env: NodeJS.ProcessEnv): StackOptions {
  const { values } = parseArgs({
    args: [...args],
    options: Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, { type: 'string' }])) as Record<
      keyof typeof OPTIONS,
      { type: 'string' }
    >,
  });
  const raw = (name: keyof typeof OPTIONS) => values[name] ?? env[OPTIONS[name].env] ?? OPTIONS[name].default;
  const ports = (name: keyof typeof OPTIONS) =>
    raw(name)
      .split(',')
      .map((text) => {
        const port = Number(text.trim());
        if (!Number.isInteger(port) || port < 1 || port > 65535)
          throw new Error(
            `--${name} (${OPTIONS[name].env}) must be a port number from 1 to 65535, not "${text}"`,
          );
        return port;
      });
  const one = (name: keyof typeof OPTIONS) => {
    const [port, ...more] = ports(name);
    if (more.length > 0) throw new Error(`--${name} (${OPTIONS[name].env}) is one port, not a list`);
    return port as number;
  };
  const options = {
    host: raw('host'),
    port: one('port'),
    relayerPorts: ports('relayer-ports'),
    metricsPorts: ports('metrics-ports'),
    webPort: one('web-port'),
    postgresPort: one('postgres-port'),
    chainPort: one('chain-port'),
  };
  if (options.metricsPorts.length !== options.relayerPorts.length)
    throw new Error('--metrics-ports needs one port per relayer (--relayer-ports)');
  const all = [
    options.port,
    ...options.relayerPorts,
    ...options.metricsPorts,
    options.webPort,
    options.postgresPort,
    options.chainPort,
  ];
  const repeated = all.find((port, i) => all.indexOf(port) !== i);
  if (repeated !== undefined) throw new Error(`port ${repeated} is given to two parts of the stack`);
  const publicUrl = (raw('public-url') || `http://localhost:${options.port}`).replace(/\/$/, '');
  const uses = ({ devChain, postgres }: { devChain: boolean; postgres: boolean }): PortUse[] => [
    { name: 'the stack', port: options.port, env: OPTIONS.port.env },
    ...options.relayerPorts.map((port, i) => ({
      name: `relayer${i + 1}`,
      port,
      env: OPTIONS['relayer-ports'].env,
    })),
    ...options.metricsPorts.map((port, i) => ({
      name: `relayer${i + 1}'s metrics`,
      port,
      env: OPTIONS['metrics-ports'].env,
    })),
    { name: 'the web app', port: options.webPort, env: OPTIONS['web-port'].env },
    ...(postgres
      ? [{ name: 'PostgreSQL', port: options.postgresPort, env: OPTIONS['postgres-port'].env }]
      : []),
    ...(devChain ? [{ name: 'the dev chain', port: options.chainPort, env: OPTIONS['chain-port'].env }] : []),
  ];
  return { ...options, publicUrl, uses };
}
