import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RevivalWarning } from '../cancel/RevivalWarning';
import { describeError } from '../errors/userMessages';
import { ETHER_DECIMALS, formatShortAmount, parseEtherAmount } from '../format/amounts';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useNotify } from '../notifications/useNotify';
import { TxCost } from '../tx/TxCost';
import { TxStatusLine } from '../tx/TxStatusLine';
import { txBlockedReason } from '../tx/txBlockedReason';
import { useTxCost } from '../tx/useTxCost';
import { ActionButton } from './ActionButton';
import { useEthBalance } from './useEthBalance';
import { useTokenAccount } from './useTokenAccount';
import { useWallet } from './useWallet';
import { useWrapEth, type WrapDirection } from './useWrapEth';

const show = (wei: bigint | undefined) => (wei === undefined ? '…' : formatShortAmount(wei, ETHER_DECIMALS));

/** Wrap ETH into WETH (tradable as a token) or unwrap it back (SPEC §7 deposit/withdraw). */
export function WrapEthPanel() {
  const { address } = useWallet();
  const networkInfo = useNetworkInfo();
  const eth = useEthBalance(address);
  const weth = useTokenAccount(networkInfo?.weth, address);
  const wrap = useWrapEth();
  const notify = useNotify();
  const [direction, setDirection] = useState<WrapDirection>('wrap');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);

  const available = address ? (direction === 'wrap' ? eth.data : weth.balance) : undefined;
  const parsed = parseEtherAmount(amount, available);
  const verb = direction === 'wrap' ? 'Wrap' : 'Unwrap';
  const cost = useTxCost(
    parsed.error === undefined ? wrap.request({ direction, wei: parsed.value }) : undefined,
  );

  const submit = () => {
    setTouched(true);
    if (parsed.error !== undefined) return;
    wrap.mutate(
      { direction, wei: parsed.value },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            text: `${direction === 'wrap' ? 'Wrapped' : 'Unwrapped'} ${amount.trim()} ETH`,
          });
          setAmount('');
          setTouched(false);
        },
        onError: (error) => {
          console.error(error);
          notify({ type: 'error', text: `${verb} failed: ${describeError(error)}`, timeout: 6000 });
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Wrap ETH">
      <Typography variant="h6" component="h2" gutterBottom>
        Wrap / unwrap ETH
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        ETH: {address ? show(eth.data) : '—'} · WETH:{' '}
        {address ? show(weth.isLoading ? undefined : weth.balance) : '—'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={direction}
          onChange={(_e, value) => value && setDirection(value)}
        >
          <ToggleButton value="wrap">ETH → WETH</ToggleButton>
          <ToggleButton value="unwrap">WETH → ETH</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          label="Amount"
          size="small"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && parsed.error !== undefined}
          helperText={(touched && parsed.error) || ' '}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: {
              endAdornment: (
                <InputAdornment position="end">{direction === 'wrap' ? 'ETH' : 'WETH'}</InputAdornment>
              ),
            },
          }}
        />
        <ActionButton
          variant="contained"
          onClick={submit}
          disabled={wrap.isPending || !networkInfo}
          blockedReason={wrap.isPending ? undefined : txBlockedReason(cost)}
        >
          {verb}
        </ActionButton>
      </Stack>
      {direction === 'wrap' ? <RevivalWarning token={networkInfo?.weth} step="wrap" /> : null}
      <TxCost cost={cost} />
      <TxStatusLine status={wrap.status} />
    </Paper>
  );
}
