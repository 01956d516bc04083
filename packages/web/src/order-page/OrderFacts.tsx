import Box from '@mui/material/Box';
import { NULL_ADDRESS, type OrderRecord, type TokenRecord } from '@relayer/protocol';
import type { ReactNode } from 'react';
import { FactList, FactRow } from '../facts/FactList';
import { formatExactAmount } from '../format/amounts';
import { expiryText } from '../shared/order/expiryText';
import { ZRX_DECIMALS } from '../shared/order/toOrderRow';
import { TokenAddress } from '../tokens/trust/TokenAddress';
import { TokenLabel } from '../tokens/trust/TokenLabel';

const Code = ({ children }: { children: ReactNode }) => (
  <Box component="code" sx={{ fontSize: '0.8rem', overflowWrap: 'anywhere' }}>
    {children}
  </Box>
);

/** One side's token: its name (trust-marked) and its full address, to copy or open in the explorer. */
function TokenFact({
  side,
  address,
  token,
}: {
  side: 'Maker' | 'Taker';
  address: string;
  token?: TokenRecord;
}) {
  return (
    <FactRow label={`${side} token`}>
      <TokenLabel address={address} token={token} show="name" />
      <br />
      <TokenAddress address={address} label={`${side.toLowerCase()} token address`} />
    </FactRow>
  );
}

/** Every field of the signed order and the relayer's amounts, in human units (exact), addresses in full. */
export function OrderFacts({
  order,
  byAddress,
  nowSec,
}: {
  order: OrderRecord;
  byAddress: ReadonlyMap<string, TokenRecord>;
  nowSec: bigint;
}) {
  const maker = byAddress.get(order.makerTokenAddress);
  const taker = byAddress.get(order.takerTokenAddress);
  const amount = (value: string, address: string, token: TokenRecord | undefined) => (
    <>
      {token ? formatExactAmount(value, token.decimals) : `${value} base units of`}{' '}
      <TokenLabel address={address} token={token} />
    </>
  );
  const zrx = (value: string) => `${formatExactAmount(value || '0', ZRX_DECIMALS)} ZRX`;
  const expiry = expiryText(order.expirationUnixTimestampSec, nowSec);
  return (
    <FactList>
      <FactRow label="Maker">
        <Code>{order.maker}</Code>
      </FactRow>
      <TokenFact side="Maker" address={order.makerTokenAddress} token={maker} />
      <FactRow label="Maker amount">{amount(order.makerTokenAmount, order.makerTokenAddress, maker)}</FactRow>
      <TokenFact side="Taker" address={order.takerTokenAddress} token={taker} />
      <FactRow label="Taker amount">{amount(order.takerTokenAmount, order.takerTokenAddress, taker)}</FactRow>
      <FactRow label="Filled">{amount(order.filledTakerTokenAmount, order.takerTokenAddress, taker)}</FactRow>
      <FactRow label="Cancelled">
        {amount(order.cancelledTakerTokenAmount, order.takerTokenAddress, taker)}
      </FactRow>
      <FactRow label="Remaining">
        {amount(order.remainingMakerTokenAmount, order.makerTokenAddress, maker)} for{' '}
        {amount(order.remainingTakerTokenAmount, order.takerTokenAddress, taker)}
      </FactRow>
      <FactRow label="Fillable now">
        {amount(order.fillableMakerTokenAmount, order.makerTokenAddress, maker)} for{' '}
        {amount(order.fillableTakerTokenAmount, order.takerTokenAddress, taker)}
      </FactRow>
      <FactRow label="Maker fee">{zrx(order.makerFee)}</FactRow>
      <FactRow label="Taker fee">{zrx(order.takerFee)}</FactRow>
      <FactRow label="Fee recipient">
        {order.feeRecipient === NULL_ADDRESS ? 'None (no fees)' : <Code>{order.feeRecipient}</Code>}
      </FactRow>
      <FactRow label="Taker">{order.taker === NULL_ADDRESS ? 'Anyone' : <Code>{order.taker}</Code>}</FactRow>
      <FactRow label="Expires">
        <span title={expiry.title}>
          {expiry.title} ({expiry.text})
        </span>
      </FactRow>
      <FactRow label="Received by the relayer">{new Date(order.createdAt).toLocaleString()}</FactRow>
      <FactRow label="Order hash">
        <Code>{order.orderHash}</Code>
      </FactRow>
      <FactRow label="Exchange">
        <Code>{order.exchangeContractAddress}</Code>
      </FactRow>
      <FactRow label="Salt">
        <Code>{order.salt}</Code>
      </FactRow>
      <FactRow label="Signature">
        <Code>
          v {order.ecSignature.v}, r {order.ecSignature.r}, s {order.ecSignature.s}
        </Code>
      </FactRow>
    </FactList>
  );
}
