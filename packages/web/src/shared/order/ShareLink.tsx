import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { CopyButton } from '../copy/CopyButton';
import { orderPageUrl } from './orderPagePath';

/** The order page's address, read-only and selectable, with a copy button: what a maker sends a taker. */
export function ShareLink({ orderHash }: { orderHash: string }) {
  const url = orderPageUrl(orderHash);
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
              <CopyButton
                value={url}
                title="Copy the link"
                ariaLabel="Copy the share link"
                thing="link"
                edge="end"
              />
            </InputAdornment>
          ),
        },
        htmlInput: { onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select() },
      }}
    />
  );
}
