import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TxHash } from '../trades/TxHash';
import type { TxStatus } from './TxStatus';
import { txStatusText } from './txStatusText';

/**
 * Where the action's transaction stands, in words, with its hash linked as everywhere else in the app
 * (the hash it follows now, after a replacement by the wallet). The live announcer says the same.
 */
export function TxStatusLine({ status }: { status: TxStatus }) {
  if (status.phase === 'idle' || status.phase === 'checking') return null;
  const hash = 'hash' in status ? status.hash : undefined;
  const replacedHash = 'replacement' in status ? status.replacement?.replacedHash : undefined;
  return (
    <Box
      data-tx-status={status.phase}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Typography variant="body2" color={status.phase === 'failed' ? 'error' : undefined}>
        {txStatusText(status)}
      </Typography>
      {hash && <TxHash hash={hash} />}
      {replacedHash && (
        <Typography variant="caption" color="text.secondary" data-replaced-tx={replacedHash}>
          (first sent as {replacedHash.slice(0, 10)}…)
        </Typography>
      )}
    </Box>
  );
}
