/**
 * The local development stack's one network (anvil chain 50 on :8545, relayer on :3000), served at
 * `siteUrl`: the app's config when the deployment ships none, and the web server's without flags.
 */
export function localVariant(siteUrl: string) {
  return {
    key: 'main' as const,
    name: 'Local',
    hosts: ['localhost', '127.0.0.1'],
    chainId: 50,
    relayerUrl: 'http://127.0.0.1:3000',
    rpcUrl: 'http://127.0.0.1:8545',
    siteUrl,
  };
}
