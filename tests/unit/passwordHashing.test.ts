import argon2 from 'argon2';
import { afterEach, describe, expect, it } from 'vitest';
import { configurePasswordHashing, hashPassword, verifyPassword } from '../../src/server/auth/users';
import { DEFAULT_PASSWORD_HASHING, loadConfig, MIN_PASSWORD_HASHING } from '../../src/server/config';

const config = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: '/tmp/hawkeye-unit-config', JWT_SECRET: 'x', ...env });

describe('password hashing cost', () => {
  afterEach(() => configurePasswordHashing(DEFAULT_PASSWORD_HASHING));

  it("defaults to argon2id at the library's cost: 64 MiB, 3 passes, 4 lanes", async () => {
    expect(config({}).passwordHashing).toEqual({ memoryKib: 65536, passes: 3, parallelism: 4 });
    expect(await hashPassword('Demo1234')).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
  });

  it("refuses a cost below OWASP's minimum for argon2id, naming the variable", () => {
    expect(() => config({ PASSWORD_HASH_MEMORY_KIB: '4096' })).toThrow(
      "PASSWORD_HASH_MEMORY_KIB must be at least 19456 (OWASP's minimum for argon2id), got '4096'",
    );
    expect(() => config({ PASSWORD_HASH_PASSES: '1' })).toThrow(/PASSWORD_HASH_PASSES must be at least 2/);
    expect(() => config({ PASSWORD_HASH_PARALLELISM: '0' })).toThrow(
      /PASSWORD_HASH_PARALLELISM must be at least 1/,
    );
    expect(
      config({ PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_PASSES: '2', PASSWORD_HASH_PARALLELISM: '1' })
        .passwordHashing,
    ).toEqual(MIN_PASSWORD_HASHING);
  });

  it('hashes at the configured cost, and a hash made at another cost still verifies', async () => {
    const strong = await hashPassword('Demo1234');
    configurePasswordHashing(MIN_PASSWORD_HASHING);
    const light = await hashPassword('Demo1234');
    expect(light).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(argon2.needsRehash(light, { memoryCost: 19456, timeCost: 2, parallelism: 1 })).toBe(false);
    expect(await verifyPassword(strong, 'Demo1234')).toBe(true);
    expect(await verifyPassword(light, 'Demo1234')).toBe(true);
    expect(await verifyPassword(light, 'wrong')).toBe(false);
    expect(await verifyPassword(undefined, 'Demo1234')).toBe(false);
  });
});
