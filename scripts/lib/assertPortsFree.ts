import { createServer } from 'node:net';

export interface PortUse {
  /** What will listen there, for the message: 'chain (anvil)'. */
  name: string;
  port: number;
  /** Environment variable that moves it. */
  env: string;
}

function isFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error),
    );
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * Fails before anything starts when a port is taken, naming the port, what wanted it and the variable
 * that moves it (instead of a half-started stack and a stack trace from deep inside anvil or Fastify).
 */
export async function assertPortsFree(host: string, uses: readonly PortUse[]): Promise<void> {
  const taken: PortUse[] = [];
  for (const use of uses) if (!(await isFree(host, use.port))) taken.push(use);
  if (taken.length === 0) return;
  const lines = taken.map(
    (use) => `  ${host}:${use.port} (${use.name}) is in use: stop what holds it, or set ${use.env}=<port>`,
  );
  throw new Error(`Cannot start, a port is taken:\n${lines.join('\n')}`);
}
