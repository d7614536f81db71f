/**
 * Colour maps as 256-entry tables of 0xAABBGGRR pixels (ImageData byte order), fed to the wasm
 * colormap kernel. Diverging for signed values (blue − white − red), sequential (viridis-like) for
 * magnitudes and indices. Anchors from matplotlib's RdBu and viridis, interpolated linearly.
 */
export type ColormapName = 'diverging' | 'sequential';

const ANCHORS: Record<ColormapName, [number, number, number][]> = {
  diverging: [
    [5, 48, 97],
    [33, 102, 172],
    [67, 147, 195],
    [146, 197, 222],
    [209, 229, 240],
    [247, 247, 247],
    [253, 219, 199],
    [244, 165, 130],
    [214, 96, 77],
    [178, 24, 43],
    [103, 0, 31],
  ],
  sequential: [
    [68, 1, 84],
    [72, 40, 120],
    [62, 74, 137],
    [49, 104, 142],
    [38, 130, 142],
    [31, 158, 137],
    [53, 183, 121],
    [109, 205, 89],
    [180, 222, 44],
    [253, 231, 37],
  ],
};

const cache = new Map<ColormapName, Uint32Array>();

export function colormap(name: ColormapName): Uint32Array {
  let lut = cache.get(name);
  if (lut) return lut;
  const a = ANCHORS[name];
  lut = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const t = (i / 255) * (a.length - 1);
    const k = Math.min(a.length - 2, Math.floor(t));
    const f = t - k;
    const [r, g, b] = [0, 1, 2].map((c) => Math.round(a[k][c] * (1 - f) + a[k + 1][c] * f));
    lut[i] = (0xff << 24) | (b << 16) | (g << 8) | r;
  }
  lut = new Uint32Array(lut.buffer);
  cache.set(name, lut);
  return lut;
}

/** CSS colour of a value, for legends and the tooltip swatch. */
export function cssColor(name: ColormapName, t: number): string {
  const px = colormap(name)[Math.max(0, Math.min(255, Math.round(t * 255)))];
  return `rgb(${px & 255}, ${(px >>> 8) & 255}, ${(px >>> 16) & 255})`;
}

export function gradient(name: ColormapName): string {
  const stops = Array.from({ length: 11 }, (_, i) => `${cssColor(name, i / 10)} ${i * 10}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}
