import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signing keys of the session cookie, as Koa's cookies use them (sign, verify, index): the same
 * signature Keygrip gives (HMAC-SHA1 in URL-safe base64 without padding; the first key signs and
 * any key verifies), so cookies signed before stay valid. The signatures are compared with
 * crypto.timingSafeEqual. Keygrip's comparison (tsscmp) draws 32 random bytes and computes two more
 * HMACs on every request that carries a cookie: about 4 % of the CPU of a list request in a
 * profile on the large seed. The signature each key gives a value is remembered for the next
 * requests carrying the same cookie (up to SIGNATURES_KEPT values): the HMAC was still 9 µs of a
 * signed-in request's CPU. Only what the server itself computed is kept, and every comparison is
 * still made in constant time.
 */
export class CookieKeys {
  private readonly keys: readonly string[];
  /** Per key, the signatures of the values seen lately. */
  private readonly signatures: Map<string, string>[];

  constructor(keys: readonly string[]) {
    if (keys.length === 0 || keys.some((key) => !key)) throw new Error('Las cookies firmadas necesitan al menos una clave');
    this.keys = [...keys];
    this.signatures = this.keys.map(() => new Map());
  }

  sign(data: string): string {
    return signature(data, this.keys[0]!);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** The position of the key that signed `data` with `digest`, or -1. */
  index(data: string, digest: string): number {
    const given = Buffer.from(String(digest));
    return this.keys.findIndex((key, i) => {
      const expected = Buffer.from(this.signatureOf(data, key, this.signatures[i]!));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }

  private signatureOf(data: string, key: string, kept: Map<string, string>): string {
    let known = kept.get(data);
    if (known === undefined) {
      known = signature(data, key);
      // Anyone may send any value: the memory is bounded, and emptied rather than grown.
      if (kept.size >= SIGNATURES_KEPT) kept.clear();
      kept.set(data, known);
    }
    return known;
  }
}

const SIGNATURES_KEPT = 10_000;

function signature(data: string, key: string): string {
  return createHmac('sha1', key).update(data).digest('base64url');
}
