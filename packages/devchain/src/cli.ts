#!/usr/bin/env tsx
import { DEPLOY_USAGE, deployCommand } from './cli/deployCommand.js';
import { START_USAGE, startCommand } from './cli/startCommand.js';

const USAGE = `${START_USAGE}\n\n${DEPLOY_USAGE}`;
const [command, ...args] = process.argv.slice(2);

const commands: Record<string, (args: string[]) => Promise<void>> = {
  start: startCommand,
  deploy: deployCommand,
};

if (!command || command === '--help' || command === 'help' || args.includes('--help')) {
  console.log(USAGE);
} else {
  const run = commands[command];
  if (!run) {
    console.error(`unknown command "${command}"\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    run(args).catch((error: unknown) => {
      console.error(`devchain ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    });
  }
}
