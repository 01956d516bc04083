import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { TokenRecord } from '@relayer/protocol';
import { useState } from 'react';
import { formatExactAmount } from '../format/amounts';
import { useNotify } from '../notifications/useNotify';
import { ZRX_DECIMALS } from '../shared/order/toOrderRow';
import { failureText } from '../shared/orderDialog/failureText';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import type { FundsStatus } from './checkFunds';

export interface FundsNoticeProps {
  status: FundsStatus;
  /** The token traded; any other token the status names is ZRX, for the fee. */
  token: TokenRecord;
  /** Approves the token (unlimited) to the TokenTransferProxy. */
  enable(token: string): Promise<void>;
  /** What needs the funds, mid-sentence: "this fill" or "this order". */
  purpose: string;
}

/** What stands between the user and the trade: a short balance (explained) or allowance (an Enable step). */
export function FundsNotice({ status, token, enable, purpose }: FundsNoticeProps) {
  const notify = useNotify();
  const [enabling, setEnabling] = useState(false);
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
      await enable(status.status === 'allowance' ? status.token : '');
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
        <Button color="inherit" size="small" disabled={enabling} onClick={() => void onEnable()}>
          {enabling ? 'Enabling…' : `Enable ${symbol}`}
        </Button>
      }
    >
      Enable {symbol} first: {purpose} needs {required} and the exchange's token proxy may not move it yet.
    </Alert>
  );
}
