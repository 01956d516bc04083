import Box from '@mui/material/Box';
import type { TokenRecord } from '@relayer/protocol';
import { useEffect, useState } from 'react';
import { useVariant } from '../config/useVariant';
import { loadCoinIcon } from './coinCatalogue';
import { coinForToken } from './coinForToken';
import { placeholderBadge } from './placeholderBadge';
import { safeTokenText } from './trust/safeTokenText';

/**
 * The coin's image when the token is a catalogue coin by its address (`coinForToken`), else the token's
 * placeholder emoji: a token that merely calls itself ZRX never wears ZRX's icon.
 */
export function TokenBadge({
  token,
  size = 40,
}: {
  token: Pick<TokenRecord, 'address' | 'symbol' | 'verified'>;
  size?: number;
}) {
  const { chainId } = useVariant();
  const coin = coinForToken(chainId, token);
  const [icon, setIcon] = useState<string | undefined>();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let current = true;
    setLoaded(false);
    (coin ? loadCoinIcon(coin) : Promise.resolve(undefined))
      .then((url) => current && setIcon(url))
      .catch(() => current && setIcon(undefined))
      .finally(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, [coin]);

  // A plain circle (not MUI's Avatar, which the first view would otherwise load for it).
  const circle = { width: size, height: size, flexShrink: 0, borderRadius: '50%' } as const;
  if (!loaded)
    return <Box component="span" sx={{ ...circle, display: 'inline-block', bgcolor: 'action.hover' }} />;
  const src = icon ?? placeholderBadge(token.address);
  return (
    <Box
      component="img"
      src={src}
      alt={`${safeTokenText(token.symbol, 12).text} badge`}
      data-badge={icon ? 'coin' : 'placeholder'}
      sx={{ ...circle, objectFit: 'cover' }}
    />
  );
}
