/**
 * The console's screens stand alone: src/pages/client/ (and its system/) holds screen folders only,
 * and no screen imports from another screen's folder. What two screens use lives in src/kit/
 * (helpers, formatters, columns) or src/components/ (components).
 */
import fs from 'node:fs';
import path from 'node:path';

const PAGES = path.resolve(__dirname, '../../src/pages');
const SCREEN_PARENTS = ['client', 'client/system'];

/** The screen a path under src/pages belongs to: `Login`, `client/Home`, `client/system/UsersManager`. */
function screenOf(file: string): string {
  const parts = path.relative(PAGES, file).split(path.sep);
  if (parts[0] !== 'client') return parts[0].split('.')[0];
  if (parts[1] === 'system' && parts.length > 3) return parts.slice(0, 3).join('/');
  return parts.slice(0, 2).join('/');
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)'([^']+)'/g;

/** Every import of a file under src/pages that reaches into another screen's folder. */
function crossScreenImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(PAGES)) {
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      let target: string | undefined;
      if (specifier.startsWith('@/pages/')) target = path.join(PAGES, specifier.slice('@/pages/'.length));
      else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
      if (!target || !target.startsWith(PAGES + path.sep)) continue;
      if (screenOf(target) !== screenOf(file)) found.push(`${path.relative(PAGES, file)} imports ${specifier}`);
    }
  }
  return found;
}

describe('screen folders', () => {
  it('src/pages/client and src/pages/client/system hold screen folders only', () => {
    const loose = SCREEN_PARENTS.flatMap((parent) =>
      fs
        .readdirSync(path.join(PAGES, parent), { withFileTypes: true })
        .filter((entry) => !entry.isDirectory())
        .map((entry) => `${parent}/${entry.name}`),
    );
    expect(loose).toEqual([]);
  });

  it("no screen imports from another screen's folder", () => {
    expect(crossScreenImports()).toEqual([]);
  });

  it('tells a screen by its folder', () => {
    expect(screenOf(path.join(PAGES, 'Login.module.less'))).toBe('Login');
    expect(screenOf(path.join(PAGES, 'client/Home/Dashboard/index.tsx'))).toBe('client/Home');
    expect(screenOf(path.join(PAGES, 'client/system/UsersManager/index.tsx'))).toBe('client/system/UsersManager');
    expect(screenOf(path.join(PAGES, 'client/system/AppManager/VersionManager/index.tsx'))).toBe('client/system/AppManager');
  });
});
