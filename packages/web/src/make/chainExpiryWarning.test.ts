import dayjs from 'dayjs';
import { expect, test } from 'vitest';
import { chainExpiryWarning } from './chainExpiryWarning';

const moment = dayjs('2030-01-01T12:00:00');
const at = (seconds: number) => BigInt(moment.unix() + seconds);

test('warns when the expiry is at or before the chain’s time, or inside the relayer’s margin', () => {
  expect(chainExpiryWarning(moment, moment, at(0))).toMatch(/already past by the chain’s clock/);
  expect(chainExpiryWarning(moment, moment, at(3600))).toMatch(/already past/);
  expect(chainExpiryWarning(moment, moment, at(-30), 60)).toMatch(
    /less than 60 s ahead of the chain’s clock/,
  );
});

test('warns when the expiry is beyond the relayer’s cap, and not at it', () => {
  const year = 365 * 86_400;
  expect(chainExpiryWarning(moment, moment, at(-year - 1), 60, year)).toMatch(
    /more than 365 days ahead of the chain’s clock/,
  );
  expect(chainExpiryWarning(moment, moment, at(-year), 60, year)).toBeUndefined();
  expect(chainExpiryWarning(moment, moment, at(-10 * year), 60, 0)).toBeUndefined();
});

test('is quiet when the expiry is ahead, or the pickers incomplete', () => {
  expect(chainExpiryWarning(moment, moment, at(-61), 60)).toBeUndefined();
  expect(chainExpiryWarning(null, moment, at(3600))).toBeUndefined();
});
