import Stack from '@mui/material/Stack';
import { PriceJudgementText } from '../prices/PriceJudgementText';
import { PriceTag } from '../prices/PriceTag';
import type { OrderRow } from '../shared/order/toOrderRow';

/** The maker token's USD market price with its source and age. */
export function MarketPriceCell({ row, maxAgeMs }: { row: OrderRow; maxAgeMs: number }) {
  return <PriceTag price={row.marketPrice.basis} maxAgeMs={maxAgeMs} />;
}

/**
 * SPEC §9's asking price (USD per maker token) with the provenance of the price it rests on, and below
 * it the judgement from the taker's side: "20.0% below market" (a bargain for whoever takes it) or
 * "… above market", coloured only against live prices.
 */
export function AskingPriceCell({ row, maxAgeMs }: { row: OrderRow; maxAgeMs: number }) {
  return (
    <Stack spacing={0.25} sx={{ py: 0.5 }}>
      <PriceTag
        price={row.askingPrice.basis}
        value={row.askingPrice.text === 'N/A' ? undefined : row.askingPrice.text}
        maxAgeMs={maxAgeMs}
      />
      {row.judgement ? <PriceJudgementText judgement={row.judgement} /> : null}
    </Stack>
  );
}
