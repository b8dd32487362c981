/*
 * YUV4MPEG2 (C420, I420 planes), the format Chromium's fake camera plays with `--use-file-for-fake-video-capture`.
 * BT.601 limited range both ways, so a frame written from RGBA and read back is close to what the browser captures.
 */

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

export function rgbaToI420(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const ySize = width * height;
  const cWidth = width / 2;
  const out = new Uint8Array(ySize + 2 * (ySize / 4));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const [r, g, b] = [rgba[at] ?? 0, rgba[at + 1] ?? 0, rgba[at + 2] ?? 0];
      out[y * width + x] = clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b);
      if (x % 2 === 0 && y % 2 === 0) {
        const c = (y / 2) * cWidth + x / 2;
        out[ySize + c] = clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b);
        out[ySize + ySize / 4 + c] = clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b);
      }
    }
  }
  return out;
}

export function y4mFile({ width, height, frames }: { width: number; height: number; frames: Uint8Array[] }): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420\n`, 'latin1');
  const parts: Uint8Array[] = [header];
  for (const frame of frames) parts.push(Buffer.from('FRAME\n', 'latin1'), frame);
  return Buffer.concat(parts);
}

/** The first frame as RGBA, as a browser's canvas would hold it. */
export function readY4mFirstFrame(file: Uint8Array): { width: number; height: number; data: Uint8ClampedArray } {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const headerEnd = bytes.indexOf(0x0a);
  const header = bytes.subarray(0, headerEnd).toString('latin1');
  const width = Number(/ W(\d+)/.exec(header)?.[1]);
  const height = Number(/ H(\d+)/.exec(header)?.[1]);
  if (!header.startsWith('YUV4MPEG2') || !width || !height) throw new Error('Not a YUV4MPEG2 file');
  const frameStart = bytes.indexOf(0x0a, headerEnd + 1) + 1;
  const ySize = width * height;
  const data = new Uint8ClampedArray(ySize * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = (y >> 1) * (width / 2) + (x >> 1);
      const luma = 1.164 * ((bytes[frameStart + y * width + x] ?? 0) - 16);
      const u = (bytes[frameStart + ySize + c] ?? 128) - 128;
      const v = (bytes[frameStart + ySize + ySize / 4 + c] ?? 128) - 128;
      const at = (y * width + x) * 4;
      data[at] = clamp(luma + 1.596 * v);
      data[at + 1] = clamp(luma - 0.392 * u - 0.813 * v);
      data[at + 2] = clamp(luma + 2.017 * u);
      data[at + 3] = 255;
    }
  }
  return { width, height, data };
}
