// The store project's setup: password hashes at OWASP's minimum argon2id cost, as the API and browser
// tests' servers make them (tests/unit/passwordHashing.test.ts checks the default and the floor). Every
// seed hashes the demo users' passwords: a ninth of the CPU time each.
import { configurePasswordHashing } from '../../src/server/auth/users';
import { MIN_PASSWORD_HASHING } from '../../src/server/config';

configurePasswordHashing(MIN_PASSWORD_HASHING);
