import { type Network, networks } from './networks';

/** The built-in network for a chain id, or undefined for chains v1 was not deployed to. */
export function getNetwork(id: number): Network | undefined {
  return Object.hasOwn(networks, id) ? networks[id as keyof typeof networks] : undefined;
}
