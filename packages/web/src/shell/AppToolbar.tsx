import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ConnectWalletButton } from '../wallet/ConnectWalletButton';
import { NetworkButton } from './NetworkButton';

export const APP_TITLE = 'a Free and Open 0x Relayer';

export function AppToolbar({ onMenu }: { onMenu(): void }) {
  return (
    <AppBar position="static">
      <Toolbar>
        <IconButton edge="start" color="inherit" aria-label="Open navigation" onClick={onMenu} sx={{ mr: 1 }}>
          <MenuIcon />
        </IconButton>
        <NetworkButton />
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }} noWrap>
          {APP_TITLE}
        </Typography>
        <ConnectWalletButton />
      </Toolbar>
    </AppBar>
  );
}
