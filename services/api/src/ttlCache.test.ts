import { TtlCache } from './ttlCache';

describe('TtlCache', () => {
  it('answers a key from the cache until its time is up, then computes it again', async () => {
    let clock = 0;
    let computed = 0;
    const cache = new TtlCache<number>(1000, 10, () => clock);
    const compute = async () => (computed += 1);
    expect(await cache.get('a', compute)).toEqual({ value: 1, hit: false });
    clock = 999;
    expect(await cache.get('a', compute)).toEqual({ value: 1, hit: true });
    clock = 1000;
    expect(await cache.get('a', compute)).toEqual({ value: 2, hit: false });
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toEqual({ value: 'a2', hit: false });
    expect(await cache.get('c', async () => 'c2')).toEqual({ value: 'c1', hit: true });
  });

  it('with a TTL of 0 never keeps anything (and says so: it needs no write notices)', async () => {
    const cache = new TtlCache<number>(0);
    expect(cache.holds).toBe(false);
    expect(new TtlCache<number>(1).holds).toBe(true);
    let n = 0;
    await cache.get('a', async () => (n += 1));
    expect(await cache.get('a', async () => (n += 1))).toEqual({ value: 2, hit: false });
  });

  it('does not hold a value computed across a clearing: it may come from rows changed meanwhile', async () => {
    const cache = new TtlCache<string>(60_000);
    let release!: () => void;
    const pending = cache.get('a', () => new Promise<string>((resolve) => (release = () => resolve('before the write'))));
    cache.clear(); // a write's notice arrives while the value is being computed
    release();
    expect(await pending).toEqual({ value: 'before the write', hit: false });
    expect(await cache.get('a', async () => 'after the write')).toEqual({ value: 'after the write', hit: false });

    const mark = cache.mark();
    cache.set('b', 'fresh', mark);
    expect(cache.peek('b')).toBe('fresh');
  });

  it('serves and holds nothing while the writes’ notices do not arrive, and starts empty when they do again', async () => {
    const cache = new TtlCache<string>(60_000);
    await cache.get('a', async () => 'held');
    cache.setLive(false);
    expect(cache.listening).toBe(false);
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', async () => 'computed')).toEqual({ value: 'computed', hit: false });
    expect(await cache.get('a', async () => 'computed again')).toEqual({ value: 'computed again', hit: false });
    cache.setLive(true);
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', async () => 'held again');
    expect(cache.peek('a')).toBe('held again');
  });
});
