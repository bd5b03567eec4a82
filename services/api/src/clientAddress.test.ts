import { deriveClientAddress, isProxyNetwork, TRUST_NOBODY } from './clientAddress';

describe('deriveClientAddress (TRUST_PROXY)', () => {
  it('by default reads no X-Forwarded-For at all: the socket peer is the client', () => {
    expect(deriveClientAddress('203.0.113.9', '198.51.100.1', TRUST_NOBODY)).toBe('203.0.113.9');
    expect(deriveClientAddress('::ffff:127.0.0.1', '198.51.100.1, 10.0.0.2', TRUST_NOBODY)).toBe('127.0.0.1');
  });

  describe('with a list of proxies', () => {
    const trust = { networks: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'] };

    it('takes the rightmost address that is no trusted proxy, whatever the client wrote on the left', () => {
      expect(deriveClientAddress('127.0.0.1', '6.6.6.6, 203.0.113.9', trust)).toBe('203.0.113.9');
      expect(deriveClientAddress('::ffff:127.0.0.1', '6.6.6.6, 203.0.113.9, 10.1.2.3', trust)).toBe('203.0.113.9');
      expect(deriveClientAddress('::1', '2001:db8::7, fd00::5', trust)).toBe('2001:db8::7');
    });

    it('reads nothing when the peer itself is no trusted proxy', () => {
      expect(deriveClientAddress('192.0.2.50', '203.0.113.9', trust)).toBe('192.0.2.50');
      expect(deriveClientAddress('2001:db8::1', '203.0.113.9', trust)).toBe('2001:db8::1');
    });

    it('stops at an entry that is no address (junk passed on), keeping the last real hop', () => {
      expect(deriveClientAddress('127.0.0.1', '203.0.113.9, unknown', trust)).toBe('127.0.0.1');
      expect(deriveClientAddress('127.0.0.1', 'unknown, 10.0.0.7', trust)).toBe('10.0.0.7');
    });

    it('answers the leftmost entry only when every hop right of it is a trusted proxy', () => {
      expect(deriveClientAddress('127.0.0.1', '10.0.0.9, 10.0.0.8', trust)).toBe('10.0.0.9');
      expect(deriveClientAddress('127.0.0.1', undefined, trust)).toBe('127.0.0.1');
    });
  });

  describe('with a hop count', () => {
    it('skips that many proxies from the server outwards, so a spoofed leftmost entry is not reached', () => {
      expect(deriveClientAddress('192.0.2.1', '6.6.6.6, 203.0.113.9', { hops: 1 })).toBe('203.0.113.9');
      expect(deriveClientAddress('192.0.2.1', '6.6.6.6, 203.0.113.9, 10.0.0.2', { hops: 2 })).toBe('203.0.113.9');
      expect(deriveClientAddress('192.0.2.1', '6.6.6.6, 203.0.113.9, 10.0.0.2', { hops: 1 })).toBe('10.0.0.2');
    });

    it('answers the peer with no header, and the leftmost entry when there are fewer hops than proxies', () => {
      expect(deriveClientAddress('192.0.2.1', undefined, { hops: 1 })).toBe('192.0.2.1');
      expect(deriveClientAddress('192.0.2.1', '203.0.113.9', { hops: 3 })).toBe('203.0.113.9');
    });
  });
});

describe('isProxyNetwork', () => {
  it('accepts IPv4 and IPv6 addresses and networks, nothing else', () => {
    for (const ok of ['127.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', 'fd00::/8', '2001:db8::/128']) expect(isProxyNetwork(ok)).toBe(true);
    for (const bad of ['', 'localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/', '10.0.0.0/x', '300.0.0.1']) expect(isProxyNetwork(bad)).toBe(false);
  });
});
