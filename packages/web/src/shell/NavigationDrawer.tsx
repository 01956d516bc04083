import CandlestickChartIcon from '@mui/icons-material/CandlestickChart';
import CodeIcon from '@mui/icons-material/Code';
import HistoryIcon from '@mui/icons-material/History';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import StorageIcon from '@mui/icons-material/Storage';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LiveRegion } from '../announce/LiveRegion';
import { otherSite } from '../config/otherSite';
import { useWebConfig } from '../config/useWebConfig';
import { useWallet } from '../wallet/useWallet';

interface DrawerItem {
  icon: ReactNode;
  title: string;
  href: string;
  target: '_blank' | '_self';
}

/** The app's own pages, reached without reloading. */
const markets = { icon: <CandlestickChartIcon />, title: 'Markets', to: '/markets' };

/**
 * The app's pages (Markets; with a wallet connected, My orders and My trades), then SPEC §2: About,
 * front-end source, back-end source, and the other network's site when there is one.
 */
export default function NavigationDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { config, variant } = useWebConfig();
  const other = otherSite(config.variants, variant);
  const { isConnected } = useWallet();
  // The account's own pages, once there is an account.
  const pages = isConnected
    ? [
        markets,
        { icon: <ListAltIcon />, title: 'My orders', to: '/my/orders' },
        { icon: <HistoryIcon />, title: 'My trades', to: '/my/trades' },
      ]
    : [markets];
  const items: DrawerItem[] = [
    { icon: <InfoOutlinedIcon />, title: 'About', href: config.links.about, target: '_blank' },
    { icon: <CodeIcon />, title: 'Frontend source', href: config.links.frontendSource, target: '_blank' },
    { icon: <StorageIcon />, title: 'Backend source', href: config.links.backendSource, target: '_blank' },
  ];
  if (other) items.push({ icon: <SwapHorizIcon />, title: other.label, href: other.url, target: '_self' });

  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Menu' } }}>
      <nav aria-label="Main navigation">
        <List sx={{ width: 260 }}>
          {pages.map((item) => (
            <ListItem key={item.title} disablePadding>
              <ListItemButton component={RouterLink} to={item.to} onClick={onClose}>
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText primary={item.title} />
              </ListItemButton>
            </ListItem>
          ))}
          {items.map((item) => (
            <ListItem key={item.title} disablePadding>
              <ListItemButton
                component="a"
                href={item.href}
                target={item.target}
                rel={item.target === '_blank' ? 'noopener noreferrer' : undefined}
                onClick={onClose}
              >
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText primary={item.title} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </nav>
      <LiveRegion inDialog />
    </Drawer>
  );
}
