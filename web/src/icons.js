// The few interface glyphs, as inline SVG (stroke icons on a 24-unit grid) so they render the same
// everywhere, emoji font or not; plus a check whether this browser draws colour emoji at all.

const PATHS = {
  plus: 'M12 5v14M5 12h14',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  spark: 'M12 3l2.1 5.6L20 10l-5.9 1.4L12 17l-2.1-5.6L4 10l5.9-1.4zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z',
  gear: 'M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  pin: 'M9 4h6l-1 6 3 3H7l3-3zM12 13v8',
  app: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  agent: 'M12 3v3M6 8h12a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM9 13h.01M15 13h.01M9 16h6',
  close: 'M6 6l12 12M18 6L6 18',
  folder: 'M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
};

const NS = 'http://www.w3.org/2000/svg';

/** An inline icon; decorative (hidden from assistive tech): say the meaning in text next to it. */
/**
 * @param {string} name
 * @param {number | string} [size]
 */
export function icon(name, size = 16) {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'i');
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('d', PATHS[name]);
  svg.append(path);
  return svg;
}

let emoji;
/** Whether colour emoji render here (enrichment icons are emoji; without a font they are boxes). */
export function emojiWorks() {
  if (emoji !== undefined) return emoji;
  emoji = true;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 24;
    const g = canvas.getContext('2d', { willReadFrequently: true });
    g.textBaseline = 'top';
    g.font = '20px sans-serif';
    g.fillText('\u{1F310}', 0, 0);
    const d = g.getImageData(0, 0, 24, 24).data;
    emoji = false;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] && (d[i] !== d[i + 1] || d[i + 1] !== d[i + 2])) { emoji = true; break; }
    }
  } catch { /* no canvas: assume emoji work */ }
  return emoji;
}
