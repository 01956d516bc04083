export { freePort } from './freePort.js';
export { type AnvilInstance, type StartAnvilOptions, startAnvil } from './startAnvil.js';
