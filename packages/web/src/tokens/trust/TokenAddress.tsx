import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useVariant } from '../../config/useVariant';
import { CopyButton } from '../../shared/copy/CopyButton';
import { explorerLink } from './explorerLink';

/**
 * A token's full address as the dialogs show it: every character (monospace, selectable), a copy
 * button, and a link to the network's block explorer where the deployment configures one.
 */
export function TokenAddress({ address, label = 'token address' }: { address: string; label?: string }) {
  const { explorerUrl } = useVariant();
  const link = explorerUrl ? explorerLink(explorerUrl, 'token', address) : undefined;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
      <Box
        component="code"
        aria-label={`Full ${label}`}
        sx={{ fontSize: '0.8rem', overflowWrap: 'anywhere', userSelect: 'all' }}
      >
        {address}
      </Box>
      <CopyButton value={address} title="Copy the address" ariaLabel={`Copy the ${label}`} thing="address" />
      {link ? (
        <Tooltip title="Open in the block explorer">
          <Link
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open the ${label} in the block explorer`}
          >
            <OpenInNewIcon fontSize="inherit" />
          </Link>
        </Tooltip>
      ) : null}
    </Box>
  );
}
