import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { markFirstViewShown } from '../app/firstView';
import { FillAlertsSwitch } from '../away/FillAlertsSwitch';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { PageHeading } from '../shell/PageHeading';
import { TradeList } from '../trades/TradeList';
import { useTrades } from '../trades/useTrades';
import { useWallet } from '../wallet/useWallet';

/** The connected account's fills, as maker or as taker, newest first and live. */
export function MyTradesPage() {
  const { address: account, ready } = useWallet();
  // Nothing here waits for the book: the wallet, which this page is about, may load at once.
  useEffect(markFirstViewShown, []);
  const trades = useTrades({ trader: account }, { perPage: 50, enabled: Boolean(account) });
  return (
    <Stack spacing={2}>
      <PageHeading title="My trades">My trades</PageHeading>
      {!ready ? (
        <LoadingSpinner label="Looking for your wallet" />
      ) : !account ? (
        <Alert severity="info">Connect your wallet to see the trades of your account.</Alert>
      ) : (
        <>
          <FillAlertsSwitch />
          <TradeList
            label="My trades"
            query={trades}
            viewpoint={{ kind: 'account', account }}
            empty="No trades yet: take an order from the book, or make one and wait for a taker."
          />
        </>
      )}
    </Stack>
  );
}
