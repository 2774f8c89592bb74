/** The bundle check (scripts/bundle-check.mjs): TypeBox in a chunk, and a page over its JavaScript budget. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { chunksWithTypeBox, htmlScripts, pageWeights } from '../../scripts/bundle-check.mjs';

describe('bundle check', () => {
  let dir = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-check-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names the chunks that contain TypeBox, in sub-folders too, and passes clean ones', () => {
    fs.writeFileSync(path.join(dir, 'umi.js'), 'console.log("clean")');
    fs.mkdirSync(path.join(dir, 'static'));
    fs.writeFileSync(path.join(dir, 'static', '12.async.js'), 'var K=Symbol.for("TypeBox.Kind");');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'TypeBox.Kind');
    expect(chunksWithTypeBox(dir)).toEqual([path.join('static', '12.async.js')]);
    fs.rmSync(path.join(dir, 'static'), { recursive: true });
    expect(chunksWithTypeBox(dir)).toEqual([]);
  });

  it("weighs what a page loads: index.html's scripts and its route group's files, gzip, against the budget", () => {
    // Random bytes do not compress: a file's gzip size is about its size.
    const write = (name: string, kb: number) => fs.writeFileSync(path.join(dir, name), crypto.randomBytes(kb * 1024));
    fs.writeFileSync(path.join(dir, 'index.html'), '<script src="/preload_helper.1.js"></script><script src="/umi.2.js"></script>');
    write('preload_helper.1.js', 2);
    write('umi.2.js', 100);
    write('10.async.js', 60);
    write('p__Login.3.async.js', 20);
    write('99.async.js', 500);
    fs.writeFileSync(
      path.join(dir, 'chunk-groups.json'),
      JSON.stringify({
        entries: { umi: ['umi.2.js'] },
        groups: { p__Login: ['10.async.js', 'p__Login.3.async.js'], p__Other: ['99.async.js'] },
      }),
    );
    expect(htmlScripts(dir)).toEqual(['preload_helper.1.js', 'umi.2.js']);
    const [within] = pageWeights(dir, [{ page: '/login', group: 'p__Login', jsKb: 230 }]);
    expect(within.files.sort()).toEqual(['10.async.js', 'p__Login.3.async.js', 'preload_helper.1.js', 'umi.2.js']);
    expect(within.kb).toBeGreaterThan(182);
    expect(within.kb).toBeLessThan(184);
    expect(within.over).toBe(false);
    const [over] = pageWeights(dir, [{ page: '/login', group: 'p__Login', jsKb: 150 }]);
    expect(over.over).toBe(true);
    expect(() => pageWeights(dir, [{ page: '/x', group: 'p__Missing', jsKb: 1 }])).toThrow(/p__Missing/);
  });
});
