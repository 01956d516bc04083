import Avatar from '@mui/material/Avatar';
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

  if (!loaded) return <Avatar sx={{ width: size, height: size }} alt="" />;
  const src = icon ?? placeholderBadge(token.address);
  return (
    <Avatar
      src={src}
      alt={`${safeTokenText(token.symbol, 12).text} badge`}
      data-badge={icon ? 'coin' : 'placeholder'}
      sx={{ width: size, height: size, bgcolor: 'transparent' }}
    />
  );
}
