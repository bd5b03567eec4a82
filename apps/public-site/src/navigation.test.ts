import { safeNextPath } from './navigation';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeNextPath('/contracts')).toBe('/contracts');
    expect(safeNextPath('/properties/12?tab=units#top')).toBe('/properties/12?tab=units#top');
  });

  it('falls back to /dashboard for anything missing or leaving the site', () => {
    for (const next of [null, undefined, '', 'contracts', '//evil.example', '/\\evil.example', 'https://evil.example/x', 'javascript:alert(1)', '/api/login', '/\u0000x']) {
      expect(safeNextPath(next)).toBe('/dashboard');
    }
  });
});
