/**
 * The fixed demo accounts of product.md, shared by the server's demo seed (`CONSOLE_DEMO=1`),
 * the umi mock endpoints and the tests. Never seeded on a production start.
 */
/** Strong enough for the password policy (zxcvbn score ≥ 3), as a password typed in a form must be. */
export const DEMO_PASSWORD = 'Demo@Console-2025';

export const DEMO_ACCOUNTS = {
  superAdmin: { username: 'demo_admin', email: 'demo_admin@example.com', roles: ['super_admin'] },
  operator: { username: 'demo_operator', email: 'demo_operator@example.com', roles: ['operator'] },
  salesperson: { username: 'demo_sale', email: 'demo_sale@example.com', roles: ['salesperson'] },
  /** Approves the operator's script and release changes (four-eyes, contract/review.ts). */
  reviewer: { username: 'demo_reviewer', email: 'demo_reviewer@example.com', roles: ['script_reviewer'] },
  member: { username: 'demo_member', email: 'demo_member@example.com', roles: ['member'] },
  /** Its sessions expire the moment they are issued: every call after login answers A0230. */
  expired: { username: 'demo_expired', email: 'demo_expired@example.com', roles: ['member'] },
} as const;

export type DemoRole = keyof typeof DEMO_ACCOUNTS;
