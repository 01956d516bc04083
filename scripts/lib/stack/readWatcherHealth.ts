/** What an instance's `/health` says of the main network's chain watcher. */
export interface WatcherHealth {
  /** `leading`, `following`, `starting`, `refused` or `disabled`. */
  watcher: string | undefined;
  watcherLagBlocks: number | null;
}

export async function readWatcherHealth(url: string): Promise<WatcherHealth> {
  const health = (await (await fetch(`${url}/health`)).json()) as {
    networks: { watcher?: string; watcherLagBlocks?: number | null }[];
  };
  const [network] = health.networks;
  return { watcher: network?.watcher, watcherLagBlocks: network?.watcherLagBlocks ?? null };
}

/** The leading instance's lag behind the chain's head in blocks; null while none of `urls` leads. */
export async function leaderLag(urls: readonly string[]): Promise<number | null> {
  for (const url of urls) {
    const health = await readWatcherHealth(url);
    if (health.watcher === 'leading') return health.watcherLagBlocks;
  }
  return null;
}
