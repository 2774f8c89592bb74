/**
 * Import first in a test file that measures or checks the hashing itself: the server modules that
 * file loads then hash at the production cost, not at the lowered one jest.config.ts asks for
 * (server/auth/password.ts). Jest gives each test file its own modules, so the others stay fast.
 */
delete process.env.TEST_SCRYPT_LOG2N;
