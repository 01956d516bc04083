import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ActionButton } from '../wallet/ActionButton';

export interface CancelSelectionBarProps {
  count: number;
  /** "ZRX/WETH" when the list is filtered to one pair: then its open orders can be selected alone. */
  pairLabel: string | undefined;
  selecting: boolean;
  onSelectAll(scope: 'pair' | 'all'): void;
  onClear(): void;
  onCancel(): void;
}

/** How many orders are ticked, the shortcuts to tick every open one, and Cancel for all ticked at once. */
export function CancelSelectionBar(props: CancelSelectionBarProps) {
  const { count, pairLabel, selecting } = props;
  return (
    <Paper variant="outlined" component="section" aria-label="Cancel several orders" sx={{ p: 1.5 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" role="status" sx={{ mr: 1 }}>
          {count === 0 ? 'No orders selected' : `${count} ${count === 1 ? 'order' : 'orders'} selected`}
        </Typography>
        {pairLabel ? (
          <Button size="small" disabled={selecting} onClick={() => props.onSelectAll('pair')}>
            {`Select all open of ${pairLabel}`}
          </Button>
        ) : null}
        <Button size="small" disabled={selecting} onClick={() => props.onSelectAll('all')}>
          Select all open, all markets
        </Button>
        <Button size="small" disabled={count === 0} onClick={props.onClear}>
          Clear selection
        </Button>
        <ActionButton
          size="small"
          color="warning"
          variant="contained"
          disabled={count === 0}
          onClick={props.onCancel}
        >
          {`Cancel selected (${count})`}
        </ActionButton>
      </Stack>
    </Paper>
  );
}
