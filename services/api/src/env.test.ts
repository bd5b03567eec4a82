import path from 'node:path';
import { ConfigError, readConfig } from './env';

const cwd = '/srv/arrendia';

describe('readConfig', () => {
  it('starts with no settings at all outside production: PGlite under ./data, demo on, port 3000', () => {
    const config = readConfig({}, cwd);
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, pgliteDir: path.join(cwd, 'data/pglite'), demoMode: true, production: false, cookieSecure: false });
    expect(config.sessionSecret).toMatch(/^\S{32,}$/); // a built-in development secret, long enough to sign with
  });

  it('refuses to start in production without SESSION_SECRET', () => {
    expect(() => readConfig({ NODE_ENV: 'production' }, cwd)).toThrow(ConfigError);
    expect(() => readConfig({ NODE_ENV: 'production' }, cwd)).toThrow(/SESSION_SECRET/);
  });

  it('turns demo mode off in production unless DEMO_MODE=1, and DEMO_MODE=0 turns it off anywhere', () => {
    const prod = { NODE_ENV: 'production', SESSION_SECRET: 's' };
    expect(readConfig(prod, cwd).demoMode).toBe(false);
    expect(readConfig({ ...prod, DEMO_MODE: '1' }, cwd).demoMode).toBe(true);
    expect(readConfig({ DEMO_MODE: '0' }, cwd).demoMode).toBe(false);
    expect(() => readConfig({ DEMO_MODE: 'quizá' }, cwd)).toThrow(ConfigError);
  });

  it('marks the cookie Secure in production unless COOKIE_SECURE=0', () => {
    expect(readConfig({ NODE_ENV: 'production', SESSION_SECRET: 's' }, cwd).cookieSecure).toBe(true);
    expect(readConfig({ NODE_ENV: 'production', SESSION_SECRET: 's', COOKIE_SECURE: '0' }, cwd).cookieSecure).toBe(false);
  });

  it('resolves PGLITE_DIR and DIST_DIR against the working directory', () => {
    const config = readConfig({ PGLITE_DIR: 'otra/base', DIST_DIR: 'build', DATABASE_URL: 'postgres://db/arrendia', PORT: '8080' }, cwd);
    expect(config).toMatchObject({ pgliteDir: path.join(cwd, 'otra/base'), distDir: path.join(cwd, 'build'), databaseUrl: 'postgres://db/arrendia', port: 8080 });
  });

  it('keeps mail in the outbox unless SMTP_URL names a server; links go to PUBLIC_URL, by default this server (issue 34)', () => {
    expect(readConfig({}, cwd)).toMatchObject({ smtpUrl: null, mailFrom: 'Arrendia <no-responder@arrendia.es>', publicUrl: 'http://localhost:3000' });
    expect(readConfig({ PORT: '8080', SMTP_URL: 'smtp://ana:clave@correo.example.es:587', MAIL_FROM: 'Gestoría <hola@example.es>', PUBLIC_URL: 'https://arrendia.example.es/' }, cwd)).toMatchObject({
      smtpUrl: 'smtp://ana:clave@correo.example.es:587',
      mailFrom: 'Gestoría <hola@example.es>',
      publicUrl: 'https://arrendia.example.es',
    });
    expect(() => readConfig({ SMTP_URL: 'http://correo.example.es' }, cwd)).toThrow(/SMTP_URL debe empezar por smtp:\/\/ o smtps:\/\//);
    // The password of a URL it cannot read is not repeated in the message.
    expect(() => readConfig({ SMTP_URL: 'smtp://ana:secreta@' }, cwd)).toThrow(ConfigError);
    expect(() => readConfig({ SMTP_URL: 'smtp://ana:secreta@' }, cwd)).not.toThrow(/secreta/);
    expect(() => readConfig({ PUBLIC_URL: 'arrendia.example.es' }, cwd)).toThrow(/PUBLIC_URL/);
  });

  it('refuses a port that is no port and an unknown LOG_LEVEL', () => {
    expect(() => readConfig({ PORT: 'tres mil' }, cwd)).toThrow(/PORT/);
    expect(() => readConfig({ LOG_LEVEL: 'verbose' }, cwd)).toThrow(/LOG_LEVEL/);
  });

  it('holds sessions in memory 60 s unless SESSION_CACHE_SECONDS says otherwise (0 turns it off), and refuses nonsense', () => {
    expect(readConfig({}, cwd).sessionCacheSeconds).toBe(60);
    expect(readConfig({ SESSION_CACHE_SECONDS: '0' }, cwd).sessionCacheSeconds).toBe(0);
    expect(readConfig({ SESSION_CACHE_SECONDS: '600' }, cwd).sessionCacheSeconds).toBe(600);
    for (const bad of ['-1', '3601', '1.5', 'mucho']) expect(() => readConfig({ SESSION_CACHE_SECONDS: bad }, cwd)).toThrow(/SESSION_CACHE_SECONDS/);
  });

  it('proposes rent updates 45 days ahead unless RENT_UPDATE_NOTICE_DAYS says otherwise (31–120: a month\'s notice at least)', () => {
    expect(readConfig({}, cwd).rentUpdateNoticeDays).toBe(45);
    expect(readConfig({ RENT_UPDATE_NOTICE_DAYS: '60' }, cwd).rentUpdateNoticeDays).toBe(60);
    for (const bad of ['30', '121', 'x']) expect(() => readConfig({ RENT_UPDATE_NOTICE_DAYS: bad }, cwd)).toThrow(/RENT_UPDATE_NOTICE_DAYS debe ser un número entero de días entre 31 y 120/);
  });

  it('reuses list totals 10 s unless LIST_TOTAL_CACHE_SECONDS says otherwise, and refuses nonsense', () => {
    expect(readConfig({}, cwd).listTotalCacheSeconds).toBe(10);
    expect(readConfig({ LIST_TOTAL_CACHE_SECONDS: '0' }, cwd).listTotalCacheSeconds).toBe(0);
    for (const bad of ['-1', '301', 'x']) expect(() => readConfig({ LIST_TOTAL_CACHE_SECONDS: bad }, cwd)).toThrow(/LIST_TOTAL_CACHE_SECONDS/);
    expect(readConfig({}, cwd).publicCacheSeconds).toBe(5);
    expect(() => readConfig({ PUBLIC_CACHE_SECONDS: '301' }, cwd)).toThrow(/PUBLIC_CACHE_SECONDS.*entre 0 y 300/);
  });

  it('serves from one process unless WEB_CONCURRENCY says otherwise, which needs PostgreSQL', () => {
    expect(readConfig({}, cwd).workers).toBe(1);
    expect(readConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/arrendia' }, cwd).workers).toBe(4);
    expect(() => readConfig({ WEB_CONCURRENCY: '2' }, cwd)).toThrow(/WEB_CONCURRENCY mayor que 1 necesita PostgreSQL/);
    for (const bad of ['0', '65', '1.5', 'dos']) expect(() => readConfig({ WEB_CONCURRENCY: bad, DATABASE_URL: 'postgres://db/a' }, cwd)).toThrow(/WEB_CONCURRENCY debe ser/);
  });

  it('trusts no proxy unless TRUST_PROXY names them, in production too: X-Forwarded-For is ignored', () => {
    expect(readConfig({}, cwd).trustProxy).toEqual({ hops: 0 });
    expect(readConfig({ NODE_ENV: 'production', SESSION_SECRET: 's' }, cwd).trustProxy).toEqual({ hops: 0 });
    expect(readConfig({ TRUST_PROXY: '1' }, cwd).trustProxy).toEqual({ hops: 1 });
    expect(readConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1 ' }, cwd).trustProxy).toEqual({ networks: ['127.0.0.1', '10.0.0.0/8', '::1'] });
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses and networks, naming the bad entry', () => {
    expect(() => readConfig({ TRUST_PROXY: '127.0.0.1,proxy.interno' }, cwd)).toThrow(ConfigError);
    expect(() => readConfig({ TRUST_PROXY: '127.0.0.1,proxy.interno' }, cwd)).toThrow(/TRUST_PROXY.*"proxy\.interno"/);
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/33' }, cwd)).toThrow(/TRUST_PROXY.*"10\.0\.0\.0\/33"/);
    for (const bad of ['true', '11', '-1', '1.5', '10.0.0.1,,10.0.0.2']) expect(() => readConfig({ TRUST_PROXY: bad }, cwd)).toThrow(/TRUST_PROXY/);
  });

  it('is silent under jest unless LOG_LEVEL says otherwise', () => {
    expect(readConfig({ NODE_ENV: 'test' }, cwd).logLevel).toBe('silent');
    expect(readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }, cwd).logLevel).toBe('debug');
  });
});
