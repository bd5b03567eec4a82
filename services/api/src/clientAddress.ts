import { BlockList, isIP } from 'node:net';
import type Koa from 'koa';
import type { AppContext, AppState } from './context';

/** The width of every stored client address column (sessions, login_attempts, leads): an IPv6 text fits. */
export const CLIENT_ADDRESS_LENGTH = 45;

/** A client's address as the tables keep it. */
export const storedAddress = (ip: string): string => ip.slice(0, CLIENT_ADDRESS_LENGTH);

/**
 * Which peers may speak for the client in X-Forwarded-* (TRUST_PROXY, env.ts): `hops` proxies in
 * front of the server whatever their address (0: none, the default), or the proxies' addresses
 * and networks ('10.0.0.0/8', '::1').
 */
export type ProxyTrust = { hops: number } | { networks: readonly string[] };

export const TRUST_NOBODY: ProxyTrust = { hops: 0 };

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address as one text whatever the socket's family: '::ffff:10.0.0.1' is 10.0.0.1. */
const normalised = (ip: string): string => ip.trim().replace(IPV4_MAPPED, '$1');

/** Whether `entry` is an address or a network (address/prefix) TRUST_PROXY may name. */
export function isProxyNetwork(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const blockLists = new WeakMap<object, BlockList>();

function trustedNetworks(networks: readonly string[]): BlockList {
  let list = blockLists.get(networks);
  if (!list) {
    list = new BlockList();
    for (const entry of networks) {
      const [address, prefix] = entry.split('/') as [string, string | undefined];
      const ip = normalised(address);
      const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(ip, type);
      else list.addSubnet(ip, Number(prefix), type);
    }
    blockLists.set(networks, list);
  }
  return list;
}

/** Whether the `index`th hop from the server (0: the socket peer) is a proxy we trust. */
function isTrusted(address: string, index: number, trust: ProxyTrust): boolean {
  if ('hops' in trust) return index < trust.hops;
  const family = isIP(address);
  return family !== 0 && trustedNetworks(trust.networks).check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address from the socket peer and X-Forwarded-For: the chain is walked from the
 * server outwards (each trusted proxy appends the address it saw on the right), and the first hop
 * that is no trusted proxy is the client. An untrusted peer's header is never read, and entries
 * left of the first untrusted hop are whatever the client chose to write, so never believed.
 */
export function deriveClientAddress(peer: string, forwardedFor: string | undefined, trust: ProxyTrust): string {
  const chain = [normalised(peer), ...(forwardedFor ?? '').split(',').map(normalised).filter(Boolean).reverse()];
  let i = 0;
  while (i + 1 < chain.length && isTrusted(chain[i]!, i, trust)) {
    // Not an address: a proxy passed on junk; the last real hop is the best we know.
    if (!isIP(chain[i + 1]!)) break;
    i++;
  }
  return chain[i]!;
}

type AddressContext = Pick<Koa.ParameterizedContext<AppState, AppContext>, 'req' | 'get' | 'config'>;

/** The one client address every throttle and the sessions list use (issue 30). */
export const clientAddress = (ctx: AddressContext): string =>
  deriveClientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('X-Forwarded-For'), ctx.config.trustProxy);

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

/**
 * Makes `app` read X-Forwarded-* only from the proxies TRUST_PROXY names: Koa's own `proxy` switch
 * believes any peer, so the headers of an untrusted peer are dropped before anything reads them
 * (HTTPS from X-Forwarded-Proto, the host, ctx.ip), and ctx.ip becomes clientAddress.
 */
export function trustProxies(app: Koa<AppState, AppContext>): Koa<AppState, AppContext> {
  app.proxy = true;
  app.use(async (ctx, next) => {
    const peer = normalised(ctx.req.socket.remoteAddress ?? '');
    if (!isTrusted(peer, 0, ctx.config.trustProxy)) for (const name of FORWARDED_HEADERS) delete ctx.req.headers[name];
    ctx.request.ip = clientAddress(ctx);
    await next();
  });
  return app;
}
