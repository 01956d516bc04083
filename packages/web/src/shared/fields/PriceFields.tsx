import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { UsdPrice } from '@relayer/protocol';
import type { PriceJudgement } from '../../prices/judgeAskingPrice';
import { PriceJudgementText } from '../../prices/PriceJudgementText';
import { PRICE_QUALITY_COLOR } from '../../prices/priceQualityColor';
import { priceStatus } from '../../prices/priceStatus';
import { useNow } from '../time/useNow';
import { ReadOnlyField } from './ReadOnlyField';

export interface PriceFieldValue {
  /** 3 decimals or 'N/A'. */
  text: string;
  /** The USD price the figure rests on, for its source and age. */
  basis: UsdPrice | undefined;
}

export interface PriceFieldsProps {
  symbol: string | undefined;
  market: PriceFieldValue;
  asking: PriceFieldValue;
  judgement: PriceJudgement | undefined;
  maxAgeMs: number;
  /**
   * Whose view the judgement takes: the taker's (Take dialog: coloured good or bad for the taker), or
   * the maker's (Make dialog: the same words, uncoloured, since the maker sets the price).
   */
  viewpoint: 'taker' | 'maker';
}

/**
 * SPEC §2: the maker token's market price and the order's asking price, both in USD, read-only; under
 * each, where its price comes from and how old it is, and under the asking price how it compares with
 * the market from the taker's side.
 */
export function PriceFields({ symbol, market, asking, judgement, maxAgeMs, viewpoint }: PriceFieldsProps) {
  const now = useNow();
  const name = symbol ?? 'Token';
  const provenance = (basis: UsdPrice | undefined) => {
    if (!basis) return undefined;
    const status = priceStatus(basis, maxAgeMs, now);
    return (
      <Box
        component="span"
        data-price-quality={status.quality}
        title={status.detail}
        sx={{ color: PRICE_QUALITY_COLOR[status.quality] }}
      >
        {status.label}
      </Box>
    );
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <ReadOnlyField
        label={`${name} Market Price ($USD)`}
        value={market.text}
        helperText={provenance(market.basis)}
      />
      <ReadOnlyField
        label={`${name} Asking Price ($USD)`}
        value={asking.text}
        helperText={
          asking.basis || judgement ? (
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1 }}>
              {provenance(asking.basis)}
              {judgement ? <PriceJudgementText judgement={judgement} viewpoint={viewpoint} /> : null}
            </Box>
          ) : undefined
        }
      />
    </Stack>
  );
}
