import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local stand-in for the INE's JSON service, for tests (no network in tests): it answers
 * `GET /wstempus/js/ES/DATOS_SERIE/<código>?nult=N` with the recorded answer in ./fixtures/<código>.json, cut to its
 * last N periods as the INE does, or fails the way a test asks.
 */
export type FakeIneMode = 'recorded' | 'error500' | 'garbage' | 'stall';

export interface FakeIne {
  /** The base URL to put in config.ineApiUrl. */
  url: string;
  mode: FakeIneMode;
  /** The paths asked, in order. */
  requests: string[];
  close(): Promise<void>;
}

const FIXTURES = path.join(__dirname, 'fixtures');

/** The recorded answer of a series, as the INE sends it. */
export const recordedAnswer = (code: string): { COD: string; Data: { Anyo: number; FK_Periodo: number; Valor: number | null }[] } =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, `${code}.json`), 'utf8'));

export async function startFakeIne(mode: FakeIneMode = 'recorded'): Promise<FakeIne> {
  const stalled = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    fake.requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://ine.test');
    const match = /^\/wstempus\/js\/ES\/DATOS_SERIE\/([A-Za-z0-9]+)$/.exec(url.pathname);
    // No keep-alive: a socket left open would keep the test process alive after its last test.
    res.setHeader('connection', 'close');
    if (fake.mode === 'stall') {
      stalled.add(res);
      return;
    }
    if (fake.mode === 'error500') {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Error interno</body></html>');
      return;
    }
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"COD": "IPC290750", "Data": [{"Anyo": "dos mil", "Valor"');
      return;
    }
    if (!match || !fs.existsSync(path.join(FIXTURES, `${match[1]}.json`))) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"No existe la serie"}');
      return;
    }
    const answer = recordedAnswer(match[1]!);
    const last = Number(url.searchParams.get('nult') || answer.Data.length);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ ...answer, Data: answer.Data.slice(-last) }));
  });
  // Never keeps a test process (or the fuzz's) alive on its own.
  server.unref();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeIne = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/wstempus/js/ES`,
    mode,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
