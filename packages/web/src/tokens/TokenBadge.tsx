import Avatar from '@mui/material/Avatar';
import { useEffect, useState } from 'react';
import { loadCoinIcon } from './coinCatalogue';
import { placeholderBadge } from './placeholderBadge';

/** The coin's image when the catalogue has its symbol, else the token's placeholder emoji. */
export function TokenBadge({
  symbol,
  address,
  size = 40,
}: {
  symbol: string;
  address: string;
  size?: number;
}) {
  const [icon, setIcon] = useState<string | undefined>();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let current = true;
    setLoaded(false);
    loadCoinIcon(symbol)
      .then((url) => current && setIcon(url))
      .catch(() => current && setIcon(undefined))
      .finally(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, [symbol]);

  if (!loaded) return <Avatar sx={{ width: size, height: size }} alt="" />;
  const src = icon ?? placeholderBadge(address);
  return (
    <Avatar
      src={src}
      alt={`${symbol} badge`}
      data-badge={icon ? 'coin' : 'placeholder'}
      sx={{ width: size, height: size, bgcolor: 'transparent' }}
    />
  );
}
