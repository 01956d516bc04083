import Alert, { type AlertColor } from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from './PageHeading';

export interface PageNoticeProps {
  /** The page's heading and title ("Order not found"). */
  title: string;
  severity: AlertColor;
  children: ReactNode;
}

/**
 * A page that has only something to say (nothing at this address, a read that failed): its heading,
 * the notice and the way back to the order book. The link takes the notice's own colour, underlined:
 * the primary colour on a notice's tint is too faint to read.
 */
export function PageNotice({ title, severity, children }: PageNoticeProps) {
  return (
    <Stack spacing={2}>
      <PageHeading title={title}>{title}</PageHeading>
      <Alert severity={severity}>
        {children}{' '}
        <Link component={RouterLink} to="/" color="inherit" underline="always">
          Back to the order book
        </Link>
      </Alert>
    </Stack>
  );
}
