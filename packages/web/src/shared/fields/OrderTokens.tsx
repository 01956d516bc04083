import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TokenRecord } from '@relayer/protocol';
import { TokenAddress } from '../../tokens/trust/TokenAddress';
import { TokenLabel } from '../../tokens/trust/TokenLabel';

export interface OrderTokenSide {
  /** What the side means to the reader: "You receive", "You pay", "Maker token"… */
  role: string;
  address: string;
  token: TokenRecord | undefined;
}

/**
 * The two tokens of an order as the dialogs show them: each with its trust mark and its full address
 * (copy button, explorer link), so the reader checks exactly which contracts they trade.
 */
export function OrderTokens({ sides }: { sides: readonly OrderTokenSide[] }) {
  return (
    <Stack spacing={1} component="section" aria-label="Tokens">
      {sides.map((side) => (
        <Stack key={side.role} spacing={0.25} aria-label={side.role}>
          <Typography variant="caption" color="text.secondary">
            {side.role}
          </Typography>
          <Typography component="div" variant="body2">
            <TokenLabel address={side.address} token={side.token} show="name" />
          </Typography>
          <TokenAddress address={side.address} label={`${side.role.toLowerCase()} token address`} />
        </Stack>
      ))}
    </Stack>
  );
}
