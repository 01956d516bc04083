import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { PriceClass } from '@relayer/protocol';

export const priceClassLabel: Record<PriceClass, string> = {
  good: 'Good price: asking above market',
  bad: 'Bad price: asking not above market',
};

/**
 * The asking price, styled good or bad (SPEC §9). The class is carried by an icon with a text
 * alternative and a tooltip as well as by colour, so it does not rely on colour alone.
 */
export function PriceCell({ price, priceClass }: { price: string; priceClass: PriceClass | undefined }) {
  if (!priceClass) return <span>{price}</span>;
  const label = priceClassLabel[priceClass];
  const Icon = priceClass === 'good' ? TrendingUpIcon : TrendingDownIcon;
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        data-price-class={priceClass}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          fontWeight: 500,
          color: priceClass === 'good' ? 'success.main' : 'error.main',
        }}
      >
        <Icon fontSize="small" titleAccess={label} />
        {price}
      </Box>
    </Tooltip>
  );
}
