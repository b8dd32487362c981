import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { rgbaToI420, y4mFile } from '../src/onfido/y4m.ts';

/** The valid passport filling most of a 640x480 frame, two identical frames, as Chromium's fake camera plays it. */
export function writeCamera(passportPdf: Uint8Array, target: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'id-camera-'));
  try {
    const input = path.join(work, 'page.pdf');
    fs.writeFileSync(input, passportPdf);
    execFileSync('pdftoppm', [
      '-png',
      '-scale-to-x',
      '620',
      '-scale-to-y',
      '-1',
      '-singlefile',
      input,
      path.join(work, 'out'),
    ]);
    const page = PNG.sync.read(fs.readFileSync(path.join(work, 'out.png')));
    const width = 640;
    const height = 480;
    const frame = Buffer.alloc(width * height * 4, 60);
    const left = Math.floor((width - page.width) / 2);
    const top = Math.floor((height - page.height) / 2);
    for (let y = 0; y < page.height; y++) {
      page.data.copy(frame, ((top + y) * width + left) * 4, y * page.width * 4, (y + 1) * page.width * 4);
    }
    const i420 = rgbaToI420(frame, width, height);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, y4mFile({ width, height, frames: [i420, i420] }));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
