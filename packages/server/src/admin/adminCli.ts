import { runAdminCommand } from './runAdminCommand.js';

// `npm run admin -- <command>`: the operator's console over the admin API (ADMIN_URL, ADMIN_TOKEN).
const output = await runAdminCommand({ argv: process.argv.slice(2), env: process.env });
process.stdout.write(output.stdout);
process.stderr.write(output.stderr);
process.exitCode = output.exitCode;
