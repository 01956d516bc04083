import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TokenRecord } from '@relayer/protocol';
import { useReducer, useState } from 'react';
import { formatExactAmount } from '../format/amounts';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useNotify } from '../notifications/useNotify';
import { ZRX_DECIMALS } from '../shared/order/toOrderRow';
import { failureText } from '../shared/orderDialog/failureText';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { TxCost } from '../tx/TxCost';
import type { TxEvent } from '../tx/TxStatus';
import { TxStatusLine } from '../tx/TxStatusLine';
import { txBlockedReason } from '../tx/txBlockedReason';
import { txStatusReducer } from '../tx/txStatusReducer';
import { useTxCost } from '../tx/useTxCost';
import { approveRequest } from '../wallet/approveRequest';
import type { FundsStatus } from './checkFunds';

export interface FundsNoticeProps {
  status: FundsStatus;
  /** The token traded; any other token the status names is ZRX, for the fee. */
  token: TokenRecord;
  /** Approves the token (unlimited) to the TokenTransferProxy; `onEvent` hears each step of it. */
  enable(token: string, onEvent?: (event: TxEvent) => void): Promise<void>;
  /** What needs the funds, mid-sentence: "this fill" or "this order". */
  purpose: string;
}

/** What stands between the user and the trade: a short balance (explained) or allowance (an Enable step). */
export function FundsNotice({ status, token, enable, purpose }: FundsNoticeProps) {
  const notify = useNotify();
  const [enabling, setEnabling] = useState(false);
  const [enableStatus, onEvent] = useReducer(txStatusReducer, { phase: 'idle' });
  const proxy = useNetworkInfo()?.tokenTransferProxy;
  const cost = useTxCost(
    status.status === 'allowance' && proxy ? approveRequest(status.token, proxy) : undefined,
  );
  const blocked = txBlockedReason(cost);
  if (status.status === 'ok' || status.status === 'loading') return null;
  const traded = status.token === token.address;
  const symbol = traded ? displaySymbol(token) : 'ZRX';
  const decimals = traded ? token.decimals : ZRX_DECIMALS;
  const required = `${formatExactAmount(status.required, decimals)} ${symbol}`;
  if (status.status === 'balance') {
    const balance = `${formatExactAmount(status.balance, decimals)} ${symbol}`;
    return (
      <Alert severity="warning">
        Your {symbol} balance is too low: {purpose} needs {required} and you have {balance}.
      </Alert>
    );
  }
  async function onEnable() {
    setEnabling(true);
    try {
      await enable(status.status === 'allowance' ? status.token : '', onEvent);
      notify({ type: 'success', text: `${symbol} enabled for trading` });
    } catch (err) {
      console.error('Enabling the token failed', err);
      notify({ type: 'error', text: failureText(err, `Enabling ${symbol} failed`), noKill: true });
    } finally {
      setEnabling(false);
    }
  }
  return (
    <Alert
      severity="info"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={enabling || Boolean(blocked)}
          onClick={() => void onEnable()}
        >
          {enabling ? 'Enabling…' : `Enable ${symbol}`}
        </Button>
      }
    >
      Enable {symbol} first: {purpose} needs {required} and the exchange's token proxy may not move it yet.
      <TxCost cost={cost} />
      {blocked && (
        <Typography variant="body2" color="error" data-disabled-reason>
          {blocked}
        </Typography>
      )}
      <TxStatusLine status={enableStatus} />
    </Alert>
  );
}
