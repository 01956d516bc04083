import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/Database.js';
import { parseOrRefuse } from '../orders/parseOrRefuse.js';
import type { AdminContext } from './AdminContext.js';
import { adminSchemas } from './adminSchemas.js';
import { listAdminTokens } from './listAdminTokens.js';
import { listAudit } from './listAudit.js';
import { listMarkets } from './listMarkets.js';
import { listTopMakers } from './listTopMakers.js';
import { relistToken } from './relistToken.js';
import { removeMakerOrders } from './removeMakerOrders.js';
import { requireAdminToken } from './requireAdminToken.js';
import { type AdminChange, runAudited } from './runAudited.js';
import { unlistToken } from './unlistToken.js';
import { verifyToken } from './verifyToken.js';

const TAGS = ['operations'];

/**
 * The operator's console (`/admin/...`): registered on the operations listener only, never on the
 * public port, behind the admin bearer token. Every input is parsed with a coded 400 naming the field;
 * every change runs with its `admin_audit` row in one transaction (`runAudited`).
 */
export const adminRoutes: FastifyPluginAsync<AdminContext> = async (app, context) => {
  const [first, ...rest] = context.networks.map((n) => n.key);
  if (first === undefined) throw new Error('the admin API needs at least one network');
  const schemas = adminSchemas([first, ...rest]);
  app.addHook('onRequest', requireAdminToken(context.token));
  const body = (request: FastifyRequest) => request.body ?? {};
  const address = (request: FastifyRequest) => parseOrRefuse(schemas.address, request.params).address;
  const audit = (request: FastifyRequest, action: string, args: Record<string, unknown>) => ({
    action,
    args,
    caller: request.ip,
  });

  app.get(
    '/admin/tokens',
    { schema: { tags: TAGS, summary: 'Every token, with verified and unlisted' } },
    async (request) => {
      const { network } = parseOrRefuse(schemas.networkQuery, request.query);
      return { network, tokens: await listAdminTokens(context.db, network) };
    },
  );

  type TokenAction = (
    tx: Queryable,
    network: string,
    token: string,
    now: number,
  ) => Promise<AdminChange<Record<string, unknown>>>;
  const tokenAction = (name: string, summary: string, action: TokenAction) =>
    app.post(`/admin/tokens/:address/${name}`, { schema: { tags: TAGS, summary } }, async (request) => {
      const token = address(request);
      const { network } = parseOrRefuse(schemas.networkBody, body(request));
      const result = await runAudited(
        context,
        audit(request, `tokens.${name}`, { network, address: token }),
        (tx) => action(tx, network, token, context.now()),
      );
      context.tokens.invalidate(network);
      return { network, ...result };
    });
  tokenAction('verify', 'Verify a token (as the operator)', verifyToken);
  tokenAction('unlist', 'Unlist a token: its orders leave the book, new ones are refused', unlistToken);
  tokenAction('relist', 'List an unlisted token again: its orders return', relistToken);

  app.get('/admin/fees', { schema: { tags: TAGS, summary: 'The fee policy in force' } }, async () =>
    context.fees.current(),
  );
  app.post(
    '/admin/fees',
    { schema: { tags: TAGS, summary: 'Set the fee policy of new orders' } },
    async (request) => {
      const changes = parseOrRefuse(schemas.feesBody, body(request));
      const before = await context.fees.current();
      const after = {
        ...before,
        ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
      };
      return runAudited(context, audit(request, 'fees.set', changes), async (tx) => ({
        result: { before, after: await context.fees.set(after, tx) },
      }));
    },
  );

  /** A read of a network's top `limit` rows of one kind, answered as `{ network, [key]: rows }`. */
  const listRoute = (
    path: string,
    summary: string,
    key: string,
    list: (db: typeof context.db, network: string, limit: number) => Promise<unknown[]>,
  ) =>
    app.get(path, { schema: { tags: TAGS, summary } }, async (request) => {
      const { network, limit } = parseOrRefuse(schemas.listQuery, request.query);
      return { network, [key]: await list(context.db, network, limit) };
    });
  listRoute('/admin/markets', 'The open book per market', 'markets', listMarkets);
  listRoute('/admin/makers', 'The makers with the most open orders', 'makers', listTopMakers);
  app.post(
    '/admin/makers/:address/remove',
    { schema: { tags: TAGS, summary: "Remove a maker's open orders from the book" } },
    async (request) => {
      const maker = address(request);
      const { network } = parseOrRefuse(schemas.networkBody, body(request));
      const result = await runAudited(context, audit(request, 'makers.remove', { network, maker }), (tx) =>
        removeMakerOrders(tx, network, maker, context.now()),
      );
      return { network, ...result };
    },
  );

  app.get(
    '/admin/audit',
    { schema: { tags: TAGS, summary: 'The admin actions, newest first' } },
    async (request) => {
      const { limit } = parseOrRefuse(schemas.auditQuery, request.query);
      return { entries: await listAudit(context.db, limit) };
    },
  );
};
