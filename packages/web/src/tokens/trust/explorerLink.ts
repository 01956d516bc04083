/**
 * A block-explorer page in the common (Etherscan) layout: `{base}/token/{address}`,
 * `{base}/address/{address}`, `{base}/tx/{hash}`. Only hex values are appended, so nothing a user typed
 * or a token chose can change where the link goes.
 */
export function explorerLink(
  baseUrl: string,
  kind: 'token' | 'address' | 'tx',
  value: string,
): string | undefined {
  if (!/^0x[0-9a-fA-F]+$/.test(value)) return undefined;
  return `${baseUrl.replace(/\/+$/, '')}/${kind}/${value.toLowerCase()}`;
}
