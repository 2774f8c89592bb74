/** The bundle check (scripts/bundle-check.mjs) finds TypeBox in a chunk and nothing in a clean one. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chunksWithTypeBox } from '../../scripts/bundle-check.mjs';

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
});
