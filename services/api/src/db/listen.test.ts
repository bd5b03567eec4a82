import { createLogger } from '../log';
import { dropListenConnection, eventually, listenConnections, openTestDatabase, startTestApp, type TestApp } from '../test/support';
import { listenChannel } from './listen';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('listenChannel on PostgreSQL: one connection per process for every channel', () => {
  let t: TestApp;
  const log = createLogger('silent');
  beforeAll(async () => {
    // Live events, the session cache and the list totals' write notices: three channels.
    t = await startTestApp({ sessionCacheSeconds: 60, listTotalCacheSeconds: 60 });
  });
  afterAll(() => t.close());

  it('carries the live events, the session cache and the writes’ notices on one connection', async () => {
    expect(await listenConnections(t.knex)).toBe(1);
  });

  it('delivers each channel to its own listeners, tells every one of a loss and of the return, and stops one without the others', async () => {
    const heard: string[] = [];
    const states: string[] = [];
    const listener = (name: string) => ({
      onNotify: (payload: string) => heard.push(`${name}:${payload}`),
      onLost: () => states.push(`${name} lost`),
      onResume: () => void states.push(`${name} back`),
    });
    const schema: string = (await t.knex.raw('select current_schema() as s')).rows[0].s;
    const [a, b] = [`arrendia_a_${schema}`, `arrendia_b_${schema}`];
    const notify = (x: string, y: string) => t.knex.raw(`select pg_notify(?, ?), pg_notify(?, ?)`, [a, x, b, y]);
    const stopA = await listenChannel(t.db, a, listener('a'), log, 'a');
    const stopB = await listenChannel(t.db, b, listener('b'), log, 'b');
    expect(await listenConnections(t.knex)).toBe(1);

    await notify('1', '2');
    await eventually(() => heard.length === 2);
    expect(heard.sort()).toEqual(['a:1', 'b:2']);

    await dropListenConnection(t.knex);
    await eventually(() => states.length === 2);
    expect(states.sort()).toEqual(['a lost', 'b lost']);
    expect(t.sessionCache.listening).toBe(false);
    await eventually(() => states.length === 4);
    expect(states.slice(2).sort()).toEqual(['a back', 'b back']);
    expect(t.sessionCache.listening).toBe(true);

    // Every channel is listened to again on the new connection.
    heard.length = 0;
    await notify('3', '4');
    await eventually(() => heard.length === 2);
    expect(heard.sort()).toEqual(['a:3', 'b:4']);

    // Stopping one leaves the others listening.
    await stopA();
    heard.length = 0;
    await notify('5', '6');
    await eventually(() => heard.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['b:6']);
    await stopB();
    expect(await listenConnections(t.knex)).toBe(1);
  });

  it('stays closed when its last listener stops while the connection is down', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const schema: string = (await db.knex.raw('select current_schema() as s')).rows[0].s;
      const channel = `arrendia_solo_${schema}`;
      // This listener's connection: its last statement names the channel, or it has run none yet.
      const connections = async () =>
        (await db.knex.raw(`select count(*)::int as n from pg_stat_activity where application_name = 'arrendia listen' and (query like ? or query = '')`, [`%LISTEN "${channel}"`]))
          .rows[0].n as number;
      let lost = false;
      const stop = await listenChannel(db, channel, { onNotify: () => undefined, onLost: () => (lost = true) }, log, 'solo');
      expect(await connections()).toBe(1);
      await db.knex.raw(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'arrendia listen' and query = ?`, [`LISTEN "${channel}"`]);
      await eventually(() => lost);
      await stop();
      // The reconnection was due 1 s after the loss: it must not happen.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await connections()).toBe(0);
    } finally {
      await drop();
      await db.close();
    }
  });
});
