import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useNotify } from '../../notifications/useNotify';
import { orderPageUrl } from './orderPagePath';

/** The order page's address, read-only and selectable, with a copy button: what a maker sends a taker. */
export function ShareLink({ orderHash }: { orderHash: string }) {
  const notify = useNotify();
  const url = orderPageUrl(orderHash);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify({ type: 'success', text: 'Link copied' });
    } catch {
      notify({ type: 'error', text: 'Could not copy: select the link and copy it by hand' });
    }
  };
  return (
    <TextField
      label="Share link"
      value={url}
      size="small"
      fullWidth
      slotProps={{
        input: {
          readOnly: true,
          sx: { fontFamily: 'monospace', fontSize: '0.8rem' },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title="Copy the link">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label="Copy the share link"
                  onClick={() => void copy()}
                >
                  <ContentCopyIcon fontSize="inherit" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
        htmlInput: { onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select() },
      }}
    />
  );
}
