/** A value's cell colour on the diverging map, and the text colour (dark or white) that reads best on it. */
import { colormap } from '../shared/colormaps.js';

const lin = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** t in [0, 1] → background and text colour with the higher WCAG contrast. */
export function cellColors(t: number): { background: string; text: string } {
  const px = colormap('diverging')[Math.max(0, Math.min(255, Math.round(t * 255)))];
  const r = px & 255,
    g = (px >>> 8) & 255,
    b = (px >>> 16) & 255;
  const L = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  // White or black, whichever contrasts more: the worse of the two best cases is 4.58:1 (WCAG AA).
  const withWhite = 1.05 / (L + 0.05),
    withBlack = (L + 0.05) / 0.05;
  return { background: `rgb(${r}, ${g}, ${b})`, text: withWhite >= withBlack ? '#ffffff' : '#000000' };
}
