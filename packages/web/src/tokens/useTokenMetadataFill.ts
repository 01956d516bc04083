import { useEffect, useEffectEvent, useState } from 'react';
import { type Address, isAddress } from 'viem';
import { useWallet } from '../wallet/useWallet';
import { readTokenMetadata, type TokenMetadata } from './readTokenMetadata';

export type MetadataStatus = 'idle' | 'reading' | 'found' | 'not-found';

/** Reads the token at `address` once it is a valid address and hands what it found to `onFound`. */
export function useTokenMetadataFill(
  address: string,
  onFound: (metadata: TokenMetadata) => void,
): MetadataStatus {
  const { publicClient } = useWallet();
  const [status, setStatus] = useState<MetadataStatus>('idle');
  const trimmed = address.trim();
  const valid = isAddress(trimmed, { strict: false });
  const found = useEffectEvent((metadata: TokenMetadata) => onFound(metadata));

  useEffect(() => {
    if (!valid) {
      setStatus('idle');
      return;
    }
    setStatus('reading');
    // The node client arrives with the wallet stack (after the first view): read then.
    if (!publicClient) return;
    let current = true;
    readTokenMetadata(publicClient, trimmed.toLowerCase() as Address)
      .then((metadata) => {
        if (!current) return;
        const any = Object.keys(metadata).length > 0;
        setStatus(any ? 'found' : 'not-found');
        if (any) found(metadata);
      })
      .catch(() => current && setStatus('not-found'));
    return () => {
      current = false;
    };
  }, [valid, trimmed, publicClient]);

  return status;
}
