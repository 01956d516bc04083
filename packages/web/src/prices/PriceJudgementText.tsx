import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { PriceJudgement } from './judgeAskingPrice';

const COLOR = { good: 'success.main', bad: 'error.main', neutral: 'text.secondary' } as const;

const FOR_MAKER: Record<PriceJudgement['relation'], string> = {
  below: 'takers get your token for less than the market price',
  above: 'takers pay more than the market price for your token',
  at: 'the market price exactly',
};
const FOR_TAKER: Record<PriceJudgement['forTaker'], string> = {
  good: 'good for whoever takes it',
  bad: 'the taker pays more than the market price',
  neutral: 'neither good nor bad for the taker',
};

/** What the judgement means, for the tooltip and the icon's text alternative. */
export function judgementDetail(judgement: PriceJudgement, viewpoint: 'taker' | 'maker' = 'taker'): string {
  if (viewpoint === 'maker') return `You ask ${judgement.text}: ${FOR_MAKER[judgement.relation]}`;
  const who = FOR_TAKER[judgement.forTaker];
  const basis = judgement.trusted ? '' : ' (judged by example or stale prices: not a market signal)';
  return `The order asks ${judgement.text}: ${who}${basis}`;
}

/**
 * "20.0% below market" in words, with an arrow and, against live prices only, the taker's colour:
 * green when taking it is a bargain, red when it costs more than the market price.
 */
export function PriceJudgementText({
  judgement,
  viewpoint = 'taker',
}: {
  judgement: PriceJudgement;
  /** `maker`: the maker sets the price, so the words come uncoloured, in the maker's terms. */
  viewpoint?: 'taker' | 'maker';
}) {
  const detail = judgementDetail(judgement, viewpoint);
  const Icon = judgement.relation === 'below' ? ArrowDownwardIcon : ArrowUpwardIcon;
  const tone = judgement.trusted && viewpoint === 'taker' ? judgement.forTaker : 'neutral';
  return (
    <Tooltip title={detail} describeChild>
      <Box
        component="span"
        data-judgement={tone === 'neutral' ? 'neutral' : judgement.forTaker}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.25,
          color: COLOR[tone],
          fontWeight: judgement.trusted ? 500 : 400,
          fontSize: '0.75rem',
        }}
      >
        {judgement.relation === 'at' ? null : <Icon sx={{ fontSize: '0.9rem' }} aria-hidden />}
        <span>{judgement.text}</span>
      </Box>
    </Tooltip>
  );
}
