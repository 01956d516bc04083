import type { Address, TokenRecord } from '@relayer/protocol';
import { refusal } from '../errors/toErrorResponse.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';

/** A token the network lists, or the refusal naming `field`: unlisted by the operator, or unknown. */
export async function resolveQuoteToken(
  tokens: Pick<TokenDirectory, 'get' | 'isUnlisted'>,
  network: string,
  address: Address,
  field: string,
): Promise<TokenRecord> {
  const token = await tokens.get(network, address);
  if (token) return token;
  if (await tokens.isUnlisted(network, address))
    throw refusal('TOKEN_UNLISTED', field, "This relayer's operator has unlisted this token");
  throw refusal('UNKNOWN_TOKEN', field, 'This relayer does not list this token');
}
