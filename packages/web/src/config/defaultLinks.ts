/** Drawer links when the config names none: the project's repository (checked as `Links` where the schema uses it). */
export const defaultLinks = {
  about: 'https://github.com/relayer/relayer#readme',
  frontendSource: 'https://github.com/relayer/relayer/tree/main/packages/web',
  backendSource: 'https://github.com/relayer/relayer/tree/main/packages/server',
};
