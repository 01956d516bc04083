import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export interface AccountMenuProps {
  anchor: HTMLElement | null;
  /** The connected account, in full. */
  address: string;
  onDisconnect(): void;
  onClose(): void;
}

/**
 * What the account button offers, in words rather than a tooltip: the full address and Disconnect.
 * Loaded on the first click.
 */
export default function AccountMenu({ anchor, address, onDisconnect, onClose }: AccountMenuProps) {
  return (
    // A named region: the menu floats outside the page's landmarks.
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ paper: { role: 'region', 'aria-label': 'Account' } }}
    >
      <MenuItem onClick={onDisconnect}>
        <ListItemText
          primary="Disconnect"
          secondary={address}
          slotProps={{ secondary: { sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } } }}
        />
      </MenuItem>
    </Menu>
  );
}
