import type { Links } from './webConfigSchema';

/** Drawer links when the config names none: the project's repository. */
export const defaultLinks: Links = {
  about: 'https://github.com/relayer/relayer#readme',
  frontendSource: 'https://github.com/relayer/relayer/tree/main/packages/web',
  backendSource: 'https://github.com/relayer/relayer/tree/main/packages/server',
};
