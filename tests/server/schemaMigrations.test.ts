/**
 * server/db/schema.ts is the one place the columns are known: drizzle-kit, asked to generate a
 * migration from it against the committed migrations, finds nothing to do. A column added to the
 * schema without its migration (or a migration edited by hand away from the schema) fails here.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

describe('schema.ts and the migrations', () => {
  it('agree: drizzle-kit generate has no schema change to write', () => {
    const scratch = fs.mkdtempSync(path.join(root, '.schema-check-'));
    try {
      const out = path.join(scratch, 'migrations');
      fs.cpSync(path.join(root, 'server', 'migrations'), out, { recursive: true });
      const config = path.join(scratch, 'drizzle.config.ts');
      const relative = (to: string) => `./${path.relative(root, to)}`;
      fs.writeFileSync(config, `export default { dialect: 'postgresql', schema: './server/db/schema.ts', out: '${relative(out)}' };\n`);
      const before = fs.readdirSync(out).sort();
      const run = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'), 'generate', '--config', relative(config)],
        // stdin closed: a question from drizzle-kit (a rename?) ends the run instead of waiting for an answer.
        { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 50_000 },
      );
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('No schema changes');
      expect(fs.readdirSync(out).sort()).toEqual(before);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
