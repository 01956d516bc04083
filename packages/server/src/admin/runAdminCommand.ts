import { parseArgs } from 'node:util';
import { formatTable } from './formatTable.js';

export interface AdminCommandInput {
  argv: readonly string[];
  env: Record<string, string | undefined>;
  fetch?: typeof fetch;
}

export interface AdminCommandOutput {
  /** 0 done; 1 refused by the relayer (its code printed); 2 a usage mistake; 3 the API did not answer. */
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Where the admin API listens when neither `--url` nor ADMIN_URL says: the metrics listener's usual port. */
export const DEFAULT_ADMIN_URL = 'http://127.0.0.1:9464';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]

  tokens list                      every token, verified and unlisted ones included
  tokens verify <address>          verify a token as the operator
  tokens unlist <address>          take a token's orders out of the book, refuse new ones
  tokens relist <address>          list it again: its orders return
  fees show                        the fee policy new orders must match
  fees set [--fee-recipient <address>] [--maker-fee <base units>] [--taker-fee <base units>]
  book markets                     open orders per market
  makers top                       the makers with the most open orders
  makers remove <address>          remove a maker's open orders from the book
  audit                            the admin actions, newest first

Options: --network <key> (default: the first network), --limit <n>, --json,
  --url <admin URL> (ADMIN_URL, default ${DEFAULT_ADMIN_URL}), --token <token> (ADMIN_TOKEN, else METRICS_TOKEN)`;

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  render: (answer: Record<string, unknown>) => string;
}

/**
 * One admin CLI command: parsed, sent to the admin API with the bearer token, and its answer rendered as
 * a table (or JSON with `--json`). A refusal prints its code, reason and field and exits 1.
 */
export async function runAdminCommand(input: AdminCommandInput): Promise<AdminCommandOutput> {
  if (['help', '--help', '-h'].includes(input.argv[0] ?? ''))
    return { exitCode: 0, stdout: `${ADMIN_USAGE}\n`, stderr: '' };
  let parsed: ReturnType<typeof parse>;
  let request: Request;
  try {
    parsed = parse(input.argv);
    request = toRequest(parsed.positionals, parsed.values);
  } catch (error) {
    return { exitCode: 2, stdout: '', stderr: `${(error as Error).message}\n\n${ADMIN_USAGE}\n` };
  }
  const { values } = parsed;
  const base = (values.url ?? input.env.ADMIN_URL ?? DEFAULT_ADMIN_URL).replace(/\/+$/, '');
  const token = values.token ?? (input.env.ADMIN_TOKEN || input.env.METRICS_TOKEN);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await (input.fetch ?? fetch)(base + request.path, {
      method: request.method,
      headers,
      ...(request.body ? { body: JSON.stringify(request.body) } : {}),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    return { exitCode: 3, stdout: '', stderr: `The admin API at ${base} did not answer: ${cause}\n` };
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) return { exitCode: 1, stdout: '', stderr: `${refusalLine(response.status, answer)}\n` };
  const text = values.json ? JSON.stringify(answer, null, 2) : request.render(answer);
  return { exitCode: 0, stdout: `${text}\n`, stderr: '' };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      network: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      'fee-recipient': { type: 'string' },
      'maker-fee': { type: 'string' },
      'taker-fee': { type: 'string' },
    },
  });
}

type Values = ReturnType<typeof parse>['values'];

function toRequest(positionals: readonly string[], values: Values): Request {
  const [group, command, address, ...extra] = positionals;
  const key = [group, command].filter(Boolean).join(' ');
  const network = values.network === undefined ? {} : { network: values.network };
  const query = (params: Record<string, string | undefined>) => {
    const set = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
    return set.length === 0 ? '' : `?${new URLSearchParams(set)}`;
  };
  const needs = (count: number) => {
    if (count === 1 && address === undefined) throw new Error(`${key} needs an address`);
    if (extra.length > 0 || (count === 0 && address !== undefined))
      throw new Error(`${key}: unexpected ${[address, ...extra].filter(Boolean).join(' ')}`);
  };
  switch (key) {
    case 'tokens list':
      needs(0);
      return {
        method: 'GET',
        path: `/admin/tokens${query({ network: values.network })}`,
        render: renderTokens,
      };
    case 'tokens verify':
    case 'tokens unlist':
    case 'tokens relist':
      needs(1);
      return {
        method: 'POST',
        path: `/admin/tokens/${encodeURIComponent(address ?? '')}/${command}`,
        body: network,
        render: renderChange,
      };
    case 'fees show':
      needs(0);
      return { method: 'GET', path: '/admin/fees', render: (answer) => formatTable([answer], FEE_COLUMNS) };
    case 'fees set': {
      needs(0);
      const body = {
        feeRecipient: values['fee-recipient'],
        makerFee: values['maker-fee'],
        takerFee: values['taker-fee'],
      };
      return { method: 'POST', path: '/admin/fees', body, render: renderFees };
    }
    case 'book markets':
      needs(0);
      return {
        method: 'GET',
        path: `/admin/markets${query({ network: values.network, limit: values.limit })}`,
        render: renderMarkets,
      };
    case 'makers top':
      needs(0);
      return {
        method: 'GET',
        path: `/admin/makers${query({ network: values.network, limit: values.limit })}`,
        render: (answer) =>
          formatTable(answer.makers as Record<string, unknown>[], ['maker', 'openOrders', 'markets']),
      };
    case 'makers remove':
      needs(1);
      return {
        method: 'POST',
        path: `/admin/makers/${encodeURIComponent(address ?? '')}/remove`,
        body: network,
        render: renderChange,
      };
    case 'audit':
      if (command !== undefined) throw new Error(`audit: unexpected ${positionals.slice(1).join(' ')}`);
      return { method: 'GET', path: `/admin/audit${query({ limit: values.limit })}`, render: renderAudit };
    default:
      throw new Error(key ? `Unknown command: ${key}` : 'No command given');
  }
}

const FEE_COLUMNS = ['feeRecipient', 'makerFee', 'takerFee'];

function renderTokens(answer: Record<string, unknown>): string {
  const columns = ['symbol', 'address', 'verified', 'unlisted', 'openOrders', 'name'];
  return formatTable(answer.tokens as Record<string, unknown>[], columns);
}

/** A change's answer as `key: value` lines (what it did, counts included). */
function renderChange(answer: Record<string, unknown>): string {
  return Object.entries(answer)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join('\n');
}

function renderFees(answer: Record<string, unknown>): string {
  const { before, after } = answer as { before: Record<string, unknown>; after: Record<string, unknown> };
  return formatTable(
    [
      { '': 'before', ...before },
      { '': 'after', ...after },
    ],
    ['', ...FEE_COLUMNS],
  );
}

function renderMarkets(answer: Record<string, unknown>): string {
  type Market = { base: { symbol: string }; quote: { symbol: string }; [key: string]: unknown };
  const rows = (answer.markets as Market[]).map((market) => ({
    ...market,
    market: `${market.base.symbol}/${market.quote.symbol}`,
  }));
  return formatTable(rows, ['market', 'openOrders', 'baseSells', 'quoteSells']);
}

function renderAudit(answer: Record<string, unknown>): string {
  const rows = (answer.entries as Record<string, unknown>[]).map((entry) => ({
    ...entry,
    args: JSON.stringify(entry.args),
    result: JSON.stringify(entry.result),
  }));
  return formatTable(rows, ['at', 'action', 'caller', 'args', 'result']);
}

/** `CODE: reason (field)`, as the relayer answered; the HTTP status when the answer is not coded. */
function refusalLine(status: number, answer: Record<string, unknown>): string {
  const fields = Array.isArray(answer.validationErrors)
    ? (answer.validationErrors as { field: string; reason: string }[]).map((v) => `${v.field}: ${v.reason}`)
    : [];
  const code = typeof answer.error === 'string' ? answer.error : `HTTP ${status}`;
  const reason = typeof answer.reason === 'string' ? answer.reason : '';
  return [`${code}: ${reason}`, ...fields.map((f) => `  ${f}`)].join('\n');
}
