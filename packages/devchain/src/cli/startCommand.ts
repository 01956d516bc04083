import { parseArgs } from 'node:util';
import { deploymentPath } from '../deploymentPath.js';
import { startDevChain } from '../startDevChain.js';
import { writeDeployment } from '../writeDeployment.js';
import { formatChainSummary } from './formatChainSummary.js';
import { parseIntegerOption } from './parseIntegerOption.js';

export const START_USAGE = `Usage: devchain start [--port 8545] [--host 127.0.0.1] [--chain-id 50] [--state <file>] [--out <file>] [--verbose]

Starts anvil, deploys the 0x v1 system in 0x's migration order, seeds test tokens and accounts 1-5,
writes the deployment JSON and runs until Ctrl-C or SIGTERM.
  --port      RPC port; 0 picks a free one (default 8545)
  --host      interface to listen on (default anvil's, 127.0.0.1)
  --chain-id  default 50, where the contracts land on network 50's addresses
  --state     anvil state file: loaded on start, saved on stop; a deployment in it is reused
  --out       deployment file (default packages/devchain/.data/deployment.<chainId>.json)
  --verbose   show anvil's own log`;

export async function startCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: '8545' },
      host: { type: 'string' },
      'chain-id': { type: 'string', default: '50' },
      state: { type: 'string' },
      out: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const chainId = parseIntegerOption('--chain-id', values['chain-id']);
  const chain = await startDevChain({
    port: parseIntegerOption('--port', values.port),
    chainId,
    verbose: values.verbose,
    ...(values.host ? { host: values.host } : {}),
    ...(values.state ? { stateFile: values.state } : {}),
  });

  // From here on anvil runs as our child: it must stop with us, whichever way we stop.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(
      `\n${signal}: stopping anvil${values.state ? ` and saving its state to ${values.state}` : ''}...`,
    );
    await chain.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    const file = await writeDeployment(chain.deployment, values.out ?? deploymentPath(chainId));
    console.log(formatChainSummary(chain, file));
  } catch (error) {
    await chain.stop();
    throw error;
  }
}
