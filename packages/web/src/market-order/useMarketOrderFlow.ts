import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { failureText } from '../shared/orderDialog/failureText';
import { buildMarketOrderCall } from './buildMarketOrderCall';
import { describeMarketResult, type MarketResult } from './describeMarketResult';
import type { MarketOrderRequest } from './marketOrderQuery';
import { reviewMarketQuote } from './reviewMarketQuote';
import { sameQuote } from './sameQuote';
import { useMarketOrderWrite } from './useMarketOrderWrite';
import { type LoadedQuote, QUOTE_MAX_AGE_MS, useMarketQuote } from './useMarketQuote';

export interface ReviewStep {
  kind: 'review';
  request: MarketOrderRequest;
  loaded: LoadedQuote;
  /** A re-quote before sending differed from what was reviewed. */
  changed?: boolean;
}

export type MarketOrderStep =
  | { kind: 'edit' }
  | { kind: 'loading' }
  | ReviewStep
  | (Omit<ReviewStep, 'kind'> & { kind: 'sending' })
  | { kind: 'done'; result: MarketResult };

const NO_BOUND = { numerator: 0n, denominator: 1n };

/**
 * The steps of a market order: edit, a fresh quote to review (asked on every opening of the review),
 * then the send, which first asks again when the reviewed quote is older than QUOTE_MAX_AGE_MS and
 * goes back to the review when the book has changed, so nothing unreviewed is sent.
 */
export function useMarketOrderFlow() {
  const loadQuote = useMarketQuote();
  const write = useMarketOrderWrite();
  const queryClient = useQueryClient();
  const { key } = useVariant();
  const [step, setStep] = useState<MarketOrderStep>({ kind: 'edit' });
  const [problem, setProblem] = useState<string>();

  async function review(request: MarketOrderRequest) {
    setStep({ kind: 'loading' });
    setProblem(undefined);
    try {
      const loaded = await loadQuote(request);
      const sells = request.side === 'buy' ? request.quote.address : request.base.address;
      if (loaded.quote.sellToken !== sells) throw new Error('The relayer quoted another market: try again');
      setStep({ kind: 'review', request, loaded });
    } catch (err) {
      console.error('Quote failed', err);
      setProblem(failureText(err, 'No quote'));
      setStep({ kind: 'edit' });
    }
  }

  async function confirm(current: ReviewStep) {
    setStep({ ...current, kind: 'sending' });
    setProblem(undefined);
    try {
      let { loaded } = current;
      if (Date.now() - loaded.fetchedAt > QUOTE_MAX_AGE_MS) {
        const fresh = await loadQuote(current.request);
        if (!sameQuote(loaded.quote, fresh.quote)) {
          setStep({ kind: 'review', request: current.request, loaded: fresh, changed: true });
          return;
        }
        loaded = fresh;
      }
      const { quote } = loaded;
      const outcome = await write.send({
        call: buildMarketOrderCall(quote),
        exchange: quote.exchange,
        orderHashes: quote.orders.map((used) => used.orderHash),
      });
      const { rows } = reviewMarketQuote(quote, current.request, NO_BOUND);
      setStep({ kind: 'done', result: describeMarketResult({ fills: outcome, ...current.request, rows }) });
    } catch (err) {
      console.error('Market order failed', err);
      setProblem(failureText(err, 'The market order failed'));
      setStep(current);
    } finally {
      for (const queryKey of [
        queryKeys.orders(key),
        queryKeys.orderbook(key),
        queryKeys.tokenAccount(key),
        queryKeys.trades(key),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
  }

  const back = () => {
    setProblem(undefined);
    setStep({ kind: 'edit' });
  };

  return { step, problem, review, confirm, back, request: write.request, status: write.status };
}
