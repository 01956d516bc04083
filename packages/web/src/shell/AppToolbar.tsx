import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ConnectWalletButton } from '../wallet/ConnectWalletButton';
import { APP_TITLE } from './appTitle';
import { NetworkButton } from './NetworkButton';

export function AppToolbar({ onMenu }: { onMenu(): void }) {
  return (
    <AppBar position="static">
      <Toolbar>
        <IconButton edge="start" color="inherit" aria-label="Open navigation" onClick={onMenu} sx={{ mr: 1 }}>
          <MenuIcon />
        </IconButton>
        <NetworkButton />
        <Typography
          variant="h6"
          // The page's own heading is its h1: the site's name is no heading of any page.
          component="p"
          // A phone (375 px) keeps the menu, network and wallet buttons whole and shows what fits of the title.
          sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1rem', sm: '1.25rem' } }}
          noWrap
        >
          {APP_TITLE}
        </Typography>
        <ConnectWalletButton />
      </Toolbar>
    </AppBar>
  );
}
