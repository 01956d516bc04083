import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useVariant } from '../../config/useVariant';
import { useNotify } from '../../notifications/useNotify';
import { explorerLink } from './explorerLink';

/**
 * A token's full address as the dialogs show it: every character (monospace, selectable), a copy
 * button, and a link to the network's block explorer where the deployment configures one.
 */
export function TokenAddress({ address, label = 'token address' }: { address: string; label?: string }) {
  const { explorerUrl } = useVariant();
  const notify = useNotify();
  const link = explorerUrl ? explorerLink(explorerUrl, 'token', address) : undefined;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      notify({ type: 'success', text: 'Address copied' });
    } catch {
      notify({ type: 'error', text: 'Could not copy: select the address and copy it by hand' });
    }
  };
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
      <Box
        component="code"
        aria-label={`Full ${label}`}
        sx={{ fontSize: '0.8rem', overflowWrap: 'anywhere', userSelect: 'all' }}
      >
        {address}
      </Box>
      <Tooltip title="Copy the address">
        <IconButton size="small" aria-label={`Copy the ${label}`} onClick={() => void copy()}>
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
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
