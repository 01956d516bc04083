import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TokenRecord } from '@relayer/protocol';
import { TokenAddress } from './TokenAddress';
import { TokenLabel } from './TokenLabel';

export interface UnverifiedTokensConfirmProps {
  titleId: string;
  /** 'take' or 'make': what the trader is about to do. */
  action: 'take' | 'make';
  tokens: readonly TokenRecord[];
  onBack(): void;
  onConfirm(): void;
}

/**
 * The one explicit confirmation before trading a token nobody vouched for (as the leading swap
 * interfaces ask before a token that is on no list): each unverified token with its full address, copy
 * button and explorer link, and a button that says what it does.
 */
export function UnverifiedTokensConfirm({
  titleId,
  action,
  tokens,
  onBack,
  onConfirm,
}: UnverifiedTokensConfirmProps) {
  const verb = action === 'take' ? 'Take' : 'Make';
  return (
    <>
      <DialogTitle id={titleId}>{tokens.length > 1 ? 'Unverified tokens' : 'Unverified token'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">
            <AlertTitle>
              Check {tokens.length > 1 ? 'these addresses' : 'this address'} before you trade
            </AlertTitle>
            Anyone can create a token with any name and symbol, including the name and symbol of a real coin.
            {tokens.length > 1 ? ' These tokens are' : ' This token is'} not in the token registry: make sure
            the address is the one you mean to trade.
          </Alert>
          {tokens.map((token) => (
            <Stack
              key={token.address}
              spacing={0.5}
              component="section"
              aria-label={`Unverified token ${token.address}`}
            >
              <Typography component="div">
                <TokenLabel address={token.address} token={token} show="name" />
              </Typography>
              <TokenAddress address={token.address} />
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack}>Back</Button>
        <Button variant="contained" color="warning" onClick={onConfirm}>
          I understand, {verb.toLowerCase()} anyway
        </Button>
      </DialogActions>
    </>
  );
}
