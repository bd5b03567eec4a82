import { CookieKeys } from './cookieKeys';

describe('CookieKeys', () => {
  const data = 'arrendia.sid=0ca5b249-67a9-49a7-a2f1-3c5d0e2b9a41';

  it('signs as Keygrip does, so the cookies signed before stay valid', () => {
    // Signatures written down from keygrip 1.1 (what koa's cookies used before), for these keys and values.
    const fromKeygrip: [string, string, string][] = [
      ['secreto', data, '6Jbc15PvzmzpWo4KYiv05PjTPX0'],
      ['secreto', '', 'FowfHHo4TFHgRv5L1GJop3WDBTE'],
      ['secreto', 'a+b/c=d', 'q-rAXtBUkP3CiZ9vc0vsrIkAEeo'],
      ['secreto', 'ünïcode ✓', 'SumbQLaIwpNvI0n2THqTZ5t6QXA'],
      ['otra clave con espacios y ñ', data, 'XSgh9mWZbTQkYakFNMtV1kjgGN8'],
      ['otra clave con espacios y ñ', 'a+b/c=d', 'Xke74v8cHq0Rm-2fNnKJslvcS5g'],
    ];
    for (const [key, value, signature] of fromKeygrip) {
      expect(new CookieKeys([key]).sign(value)).toBe(signature);
      expect(new CookieKeys([key]).verify(value, signature)).toBe(true);
    }
  });

  it('verifies with any of its keys, signs with the first, and names which key matched', () => {
    const old = new CookieKeys(['antigua']);
    const rotated = new CookieKeys(['nueva', 'antigua']);
    expect(rotated.index(data, old.sign(data))).toBe(1);
    expect(rotated.verify(data, old.sign(data))).toBe(true);
    expect(rotated.index(data, rotated.sign(data))).toBe(0);
    expect(old.verify(data, rotated.sign(data))).toBe(false);
  });

  it('refuses a changed value, a changed signature and one of another length', () => {
    const keys = new CookieKeys(['secreto']);
    const digest = keys.sign(data);
    expect(keys.verify(`${data}x`, digest)).toBe(false);
    expect(keys.verify(data, `${digest.slice(0, -1)}${digest.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(keys.index(data, digest.slice(1))).toBe(-1);
    expect(keys.index(data, '')).toBe(-1);
  });

  it('answers the same on every request carrying a cookie, for each key and past its memory bound', () => {
    const old = new CookieKeys(['antigua']);
    const rotated = new CookieKeys(['nueva', 'antigua']);
    const digest = old.sign(data);
    for (let i = 0; i < 3; i += 1) {
      expect(rotated.index(data, digest)).toBe(1);
      expect(rotated.index(data, rotated.sign(data))).toBe(0);
      expect(rotated.index(`${data}x`, digest)).toBe(-1);
      expect(rotated.index(data, `${digest}x`)).toBe(-1);
    }
    for (let i = 0; i < 10_050; i += 1) rotated.verify(`arrendia.sid=${i}`, 'x');
    expect(rotated.index(data, digest)).toBe(1);
    expect(rotated.index(`${data}x`, digest)).toBe(-1);
  });

  it('needs at least one key', () => {
    expect(() => new CookieKeys([])).toThrow('Las cookies firmadas necesitan al menos una clave');
    expect(() => new CookieKeys([''])).toThrow('Las cookies firmadas necesitan al menos una clave');
  });
});
