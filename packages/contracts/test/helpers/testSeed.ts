import { randomInt } from 'node:crypto';

/**
 * The one seed of a test file's random draws: `FC_SEED` when given (to replay a failure), else drawn
 * afresh. seedSetup.ts hands it to fast-check for every property and prints it when a test fails.
 */
export const TEST_SEED = process.env.FC_SEED === undefined ? randomInt(2 ** 31) : Number(process.env.FC_SEED);
