import Typography from '@mui/material/Typography';

export function HomePage() {
  return <Typography>Order book</Typography>;
}
