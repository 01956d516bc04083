import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s (not 1 s): on a shared, busy machine the first test of a file also
// waits for its lazy chunks to load. Nothing is timed: a check that holds passes as soon as it does.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
