import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Tooltip from '@mui/material/Tooltip';
import { OutlinedBadge } from '../../shared/badge/OutlinedBadge';

export const UNVERIFIED_TEXT =
  'Unverified token: added by a user, not in the token registry. Anyone can deploy a token with any name and symbol: check its address.';
export const UNLISTED_TEXT =
  'This token is not on the relayer’s list: nothing is known about it but its address.';

/** The visible mark of a token nobody vouched for ("Unverified"), or of one the relayer does not list. */
export function UnverifiedMark({ unlisted = false }: { unlisted?: boolean }) {
  const title = unlisted ? UNLISTED_TEXT : UNVERIFIED_TEXT;
  return (
    <Tooltip title={title} describeChild>
      <OutlinedBadge
        color="warning"
        icon={<ReportProblemOutlinedIcon />}
        label={unlisted ? 'Unlisted' : 'Unverified'}
        data-trust={unlisted ? 'unlisted' : 'unverified'}
      />
    </Tooltip>
  );
}
