import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ExpiryText } from '../shared/order/expiryText';

/** "in 4 min" / "expired 2 min ago" by the chain's clock; the full date on hover. */
export function ExpiresCell({ expires }: { expires: ExpiryText }) {
  return (
    <Tooltip title={expires.title} describeChild>
      <Box
        component="span"
        data-expired={expires.expired}
        sx={{ color: expires.expired ? 'error.main' : undefined }}
      >
        {expires.text}
      </Box>
    </Tooltip>
  );
}
