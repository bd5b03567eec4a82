import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { LiveEvent } from '@arrendia/api-contract';
import type { App } from '../app';
import { FACTORY_PASSWORD } from './factories';

/** The app listening on a free port, for calls that must stream (supertest buffers whole bodies). */
export async function listen(app: App): Promise<{ base: string; close(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Signs in over HTTP and returns the Cookie header a browser would send next. */
export async function sessionCookie(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: FACTORY_PASSWORD }) });
  if (res.status !== 200) throw new Error(`login ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** Everything received so far, raw. */
  text(): string;
  /** The events received so far, parsed. */
  events(): LiveEvent[];
  /** Resolves with the first event (from the start) that matches, or rejects after `ms`. */
  waitFor(match: (e: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  close(): void;
}

/** Opens GET /api/events like an EventSource would, optionally resuming after `lastEventId`. */
export async function openEvents(base: string, cookie: string, lastEventId?: number): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { cookie, accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    signal: abort.signal,
  });
  let raw = '';
  const waiters = new Set<() => void>();
  if (res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          raw += decoder.decode(value, { stream: true });
          for (const wake of waiters) wake();
        }
      } catch {
        // aborted
      }
    })();
  }
  const events = () =>
    raw
      .split('\n\n')
      .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
      .filter((line): line is string => Boolean(line))
      .map((line) => JSON.parse(line.slice(6)) as LiveEvent);
  return {
    status: res.status,
    headers: res.headers,
    text: () => raw,
    events,
    waitFor(match, ms = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events().find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${raw}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
