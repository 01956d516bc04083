import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useVariant } from '../config/useVariant';
import { CopyButton } from '../shared/copy/CopyButton';
import { explorerLink } from '../tokens/trust/explorerLink';

/** `0x12345678…cdef`: enough to tell hashes apart in a list; the full hash is in the title and the copy. */
export function shortHash(hash: string): string {
  return `${hash.slice(0, 10)}…${hash.slice(-4)}`;
}

/**
 * A transaction hash: a link to the network's block explorer where the deployment configures one, else
 * the hash with a copy button (a local chain has no explorer). The full hash is the accessible name.
 */
export function TxHash({ hash }: { hash: string }) {
  const { explorerUrl } = useVariant();
  const link = explorerUrl ? explorerLink(explorerUrl, 'tx', hash) : undefined;
  const text = (
    <Box component="code" title={hash} data-tx={hash} sx={{ fontSize: '0.8rem', whiteSpace: 'nowrap' }}>
      {shortHash(hash)}
    </Box>
  );
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {link ? (
        <Link
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Transaction ${hash} in the block explorer`}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
        >
          {text}
          <OpenInNewIcon fontSize="inherit" />
        </Link>
      ) : (
        <>
          {text}
          <CopyButton
            value={hash}
            title="Copy the transaction hash"
            ariaLabel={`Copy transaction hash ${hash}`}
            thing="transaction hash"
            shortThing="hash"
          />
        </>
      )}
    </Box>
  );
}
