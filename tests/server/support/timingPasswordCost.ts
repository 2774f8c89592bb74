/**
 * Import first in the sign-in timing test: new hashes, and so the dummy hash a missing account is
 * checked against, cost 2^15 there (about 60 ms of a core) instead of the production 2^17 (about
 * 0.5 s). What the timing test tells apart does not depend on the cost: a missing dummy hash (a few
 * ms against one scrypt) or a dummy hash at another cost than the accounts' (a factor of two or more)
 * is still tens of ms and tens of percent away, while the test's 120 logins take seconds, not a
 * minute and more on a loaded machine. The production cost itself: support/realPasswordCost.
 */
process.env.TEST_SCRYPT_LOG2N = '15';
