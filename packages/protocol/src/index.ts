export { formatAmount } from './amounts/formatAmount';
export { fromBaseUnits } from './amounts/fromBaseUnits';
export { toBaseUnits } from './amounts/toBaseUnits';
export * from './api';
export {
  type ErrorCode,
  errorCodes,
  type LogErrorId,
  logErrorCodeById,
  type SraGeneralCode,
  sraGeneralCodes,
  sraValidationCodes,
  type ValidationError,
  type ValidationErrorCode,
} from './errors/errorCodes';
export { RelayerError } from './errors/RelayerError';
export { formatSignificant } from './history/formatSignificant';
export {
  formatTradePrice,
  TRADE_PRICE_SIGNIFICANT_DIGITS,
  type TradePriceInput,
  tradePriceFraction,
} from './history/formatTradePrice';
export { type FillOverflow, findFillOverflow } from './math/findFillOverflow';
export { type FillAmounts, type FillMathOrder, getFillAmounts } from './math/getFillAmounts';
export { getPartialAmount } from './math/getPartialAmount';
export {
  getRemainingFillableAmounts,
  type RemainingFillableAmounts,
  type RemainingFillableInput,
} from './math/getRemainingFillableAmounts';
export { isRoundingError } from './math/isRoundingError';
export { DEV_ACCOUNTS, DEV_MNEMONIC } from './networks/devAccounts';
export { getNetwork } from './networks/getNetwork';
export { type Network, type NetworkId, networks } from './networks/networks';
export { generateSalt } from './order/generateSalt';
export { hashOrder } from './order/hashOrder';
export { type OrderContractArgs, orderToContractArgs } from './order/orderToContractArgs';
export { coinSlug } from './prices/coinSlug';
export {
  compareToMarket,
  type Fraction,
  type MarketComparison,
  type MarketComparisonInput,
} from './prices/compareToMarket';
export { findKnownCoin } from './prices/findKnownCoin';
export {
  findTokenMarket,
  type MarketBasis,
  type MarketToken,
  type TokenMarket,
} from './prices/findTokenMarket';
export { formatPercent } from './prices/formatPercent';
export { formatUsd, MISSING_PRICE } from './prices/formatUsd';
export { type AskingPriceInput, getAskingPrice, PRICE_DECIMALS } from './prices/getAskingPrice';
export { type KnownCoin, knownCoins } from './prices/knownCoins';
export { marketSymbol } from './prices/marketSymbol';
export { parsePrice } from './prices/parsePrice';
export { type PriceQuality, priceQuality } from './prices/priceQuality';
export { type Address, addressSchema, NULL_ADDRESS } from './schemas/addressSchema';
export { bytes32Schema, type Hex } from './schemas/bytes32Schema';
export type { ECSignature } from './schemas/ecSignatureSchema';
export type { Order } from './schemas/orderSchema';
export { parseSignedOrder } from './schemas/parseSignedOrder';
export { parseWithSraErrors, type SraParseResult } from './schemas/parseWithSraErrors';
export { type SignedOrder, signedOrderSchema } from './schemas/signedOrderSchema';
export { type Token, tokenSchema } from './schemas/tokenSchema';
export { MAX_UINT256, uint256StringSchema } from './schemas/uint256StringSchema';
export { isValidSignature } from './signature/isValidSignature';
export { parseSignature } from './signature/parseSignature';
export { personalMessageHash } from './signature/personalMessageHash';
export type { RecoverBackend, SignatureParts } from './signature/RecoverBackend';
export { recoverSigner } from './signature/recoverSigner';
export { vectors } from './vectors/vectors';
