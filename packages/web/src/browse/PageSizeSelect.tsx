import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface PageSizeSelectProps {
  label: string;
  /** The field's width in px (the cards' is narrower than the table's). */
  width: number;
  /** The book's paging: a new page size starts from the first page again. */
  pager: {
    pageSize: number;
    pageSizeOptions: readonly number[];
    onPage(page: number, pageSize: number): void;
  };
}

/**
 * The book's page size as a menu select (the table's pager and the cards' share it): a native
 * select's options would be in the page's accessibility tree (role option) even while closed, beside
 * the token pickers' own.
 */
export function PageSizeSelect({ label, width, pager }: PageSizeSelectProps) {
  const { pageSize, pageSizeOptions, onPage } = pager;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={pageSize}
      onChange={(event) => onPage(0, Number(event.target.value))}
      sx={{ width }}
    >
      {pageSizeOptions.map((size) => (
        <MenuItem key={size} value={size}>
          {size}
        </MenuItem>
      ))}
    </TextField>
  );
}
