import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  it('fills defaults, including SITE_URL from PORT', () => {
    const env = readEnv({ NODE_ENV: 'development', PORT: '3210' });
    expect(env.PORT).toBe(3210);
    expect(env.SITE_URL).toBe('http://localhost:3210');
    expect(env.DATABASE_URL).toBe('./data/pglite');
    expect(env.SEED_ON_EMPTY).toBe(false);
  });

  it('fails fast on a bad PORT, naming the setting', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/Invalid configuration[\s\S]*PORT/);
    expect(() => readEnv({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('refuses production without SESSION_SECRET', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
  });

  it('refuses a short SESSION_SECRET with its message', () => {
    expect(() => readEnv({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET must be at least 16 characters/,
    );
  });

  it('accepts production with a secret, or a local production build that allows the dev secret', () => {
    const secret = 'a-very-long-production-secret';
    expect(readEnv({ NODE_ENV: 'production', SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
    expect(readEnv({ NODE_ENV: 'production', JINSHA_ALLOW_DEV_SECRET: '1' }).SESSION_SECRET).toMatch(/development/);
  });

  it('reads boolean-ish flags', () => {
    expect(readEnv({ SEED_ON_EMPTY: 'true', TRUST_PROXY: '1' })).toMatchObject({
      SEED_ON_EMPTY: true,
      TRUST_PROXY: true,
    });
    expect(() => readEnv({ SEED_ON_EMPTY: 'yes' })).toThrow(/SEED_ON_EMPTY/);
  });

  it('compresses in the app unless APP_COMPRESSION turns it off; INSTANCE_NAME is a plain name', () => {
    expect(readEnv({}).APP_COMPRESSION).toBe(true);
    expect(readEnv({ APP_COMPRESSION: 'false' }).APP_COMPRESSION).toBe(false);
    expect(readEnv({ APP_COMPRESSION: '0' }).APP_COMPRESSION).toBe(false);
    expect(readEnv({ INSTANCE_NAME: 'app2' }).INSTANCE_NAME).toBe('app2');
    expect(() => readEnv({ INSTANCE_NAME: 'a b\r\n' })).toThrow(/INSTANCE_NAME/);
  });

  it('refuses LINK_PREVIEW_ALLOW_PRIVATE in production; journeys use E2E_LINK_PREVIEW_ALLOW_PRIVATE without a secret', () => {
    const secret = 'a-very-long-production-secret';
    expect(() =>
      readEnv({ NODE_ENV: 'production', SESSION_SECRET: secret, LINK_PREVIEW_ALLOW_PRIVATE: 'true' }),
    ).toThrow(/LINK_PREVIEW_ALLOW_PRIVATE: not allowed in production/);
    expect(() =>
      readEnv({ NODE_ENV: 'production', JINSHA_ALLOW_DEV_SECRET: '1', LINK_PREVIEW_ALLOW_PRIVATE: 'true' }),
    ).toThrow(/LINK_PREVIEW_ALLOW_PRIVATE: not allowed in production/);
    expect(() =>
      readEnv({ NODE_ENV: 'production', SESSION_SECRET: secret, E2E_LINK_PREVIEW_ALLOW_PRIVATE: 'true' }),
    ).toThrow(/E2E_LINK_PREVIEW_ALLOW_PRIVATE: only for local builds without SESSION_SECRET/);
    const journeys = readEnv({
      NODE_ENV: 'production',
      JINSHA_ALLOW_DEV_SECRET: '1',
      E2E_LINK_PREVIEW_ALLOW_PRIVATE: '1',
    });
    expect(journeys.LINK_PREVIEW_ALLOW_PRIVATE).toBe(true);
    expect(readEnv({ NODE_ENV: 'test', LINK_PREVIEW_ALLOW_PRIVATE: 'true' }).LINK_PREVIEW_ALLOW_PRIVATE).toBe(true);
    expect(readEnv({ NODE_ENV: 'production', SESSION_SECRET: secret }).LINK_PREVIEW_ALLOW_PRIVATE).toBe(false);
  });
});
