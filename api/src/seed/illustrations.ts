/**
 * Demo pictures drawn by the project itself (no download, no stock photo). Each one says on its face
 * that it is an illustration, so nobody mistakes it for a photograph of a real building.
 */

export const PHOTO_SIZE = { width: 1500, height: 1000 } as const;
export const PLAN_SIZE = { width: 1200, height: 900 } as const;

const CAPTION = 'Illustration — image non contractuelle';

/** A small deterministic random generator, so that the same seed draws the same picture. */
function random(seed: number): () => number {
  let state = seed * 2654435761 % 4294967296;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function frame(width: number, height: number, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">
<title>${escape(title)}</title>
${body}
<rect x="0" y="${height - 64}" width="${width}" height="64" fill="#000" fill-opacity="0.55"/>
<text x="32" y="${height - 22}" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#fff">${escape(CAPTION)}</text>
</svg>
`;
}

export interface FacadeOptions {
  seed: number;
  title: string;
  /** Basque houses: white walls with red or green timbers; Landes: pines and wood cladding. */
  style: 'basque' | 'landes';
  floors: number;
}

/** A residence seen from the street. */
export function facadeSvg({ seed, title, style, floors }: FacadeOptions): string {
  const next = random(seed);
  const { width, height } = PHOTO_SIZE;
  const timber = style === 'basque' ? (next() > 0.5 ? '#a3262a' : '#2f6b3a') : '#8a5a35';
  const wall = style === 'basque' ? '#f7f3ea' : '#d9c3a0';
  const ground = height - 190;
  const floorHeight = Math.min(150, (ground - 260) / floors);
  const buildingWidth = 760 + Math.floor(next() * 260);
  const left = Math.floor((width - buildingWidth) / 2 + (next() - 0.5) * 200);
  const top = ground - floorHeight * floors;
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fb1e3"/><stop offset="1" stop-color="#d8ecf7"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${200 + Math.floor(next() * 1100)}" cy="${120 + Math.floor(next() * 60)}" r="55" fill="#fff6c8"/>`,
  ];
  if (style === 'basque') {
    parts.push(`<path d="M0 ${ground - 120} Q 300 ${ground - 260} 650 ${ground - 150} T 1500 ${ground - 170} V ${ground} H 0 Z" fill="#7aa35a"/>`);
  } else {
    for (let index = 0; index < 9; index += 1) {
      const x = Math.floor(next() * width);
      parts.push(
        `<rect x="${x - 8}" y="${ground - 260}" width="16" height="260" fill="#6b4a2b"/>`,
        `<ellipse cx="${x}" cy="${ground - 280}" rx="${70 + Math.floor(next() * 40)}" ry="50" fill="#2e5a33"/>`,
      );
    }
  }
  parts.push(
    `<rect x="0" y="${ground}" width="${width}" height="${height - ground}" fill="#9c9c94"/>`,
    `<rect x="${left}" y="${top}" width="${buildingWidth}" height="${ground - top}" fill="${wall}" stroke="#55524a" stroke-width="3"/>`,
    `<polygon points="${left - 40},${top} ${left + buildingWidth / 2},${top - 150} ${left + buildingWidth + 40},${top}" fill="#b5523b" stroke="#55524a" stroke-width="3"/>`,
  );
  const windows = Math.floor(buildingWidth / 150);
  for (let floor = 0; floor < floors; floor += 1) {
    const y = top + floor * floorHeight + floorHeight * 0.25;
    if (style === 'basque') {
      parts.push(`<rect x="${left}" y="${top + floor * floorHeight - 4}" width="${buildingWidth}" height="8" fill="${timber}"/>`);
    }
    for (let index = 0; index < windows; index += 1) {
      const x = left + 45 + index * ((buildingWidth - 90) / windows);
      parts.push(
        `<rect x="${x}" y="${y}" width="70" height="${floorHeight * 0.5}" fill="#8fc3e6" stroke="#55524a" stroke-width="2"/>`,
        `<rect x="${x - 24}" y="${y}" width="22" height="${floorHeight * 0.5}" fill="${timber}"/>`,
        `<rect x="${x + 72}" y="${y}" width="22" height="${floorHeight * 0.5}" fill="${timber}"/>`,
      );
    }
  }
  parts.push(`<rect x="${left + buildingWidth / 2 - 45}" y="${ground - 130}" width="90" height="130" fill="${timber}"/>`);
  return frame(width, height, parts.join('\n'), title);
}

/** A room of a flat, seen from inside. */
export function interiorSvg(seed: number, title: string): string {
  const next = random(seed);
  const { width, height } = PHOTO_SIZE;
  const wall = ['#efe6d8', '#e3ece6', '#ece4ee'][Math.floor(next() * 3)]!;
  const parts = [
    `<rect width="${width}" height="${height}" fill="${wall}"/>`,
    `<polygon points="0,${height} 250,700 1250,700 ${width},${height}" fill="#c49a6c"/>`,
    `<rect x="250" y="120" width="1000" height="580" fill="none" stroke="#bdb3a3" stroke-width="4"/>`,
    `<rect x="520" y="200" width="460" height="330" fill="#7cc0ea" stroke="#fff" stroke-width="14"/>`,
    `<path d="M520 460 Q 650 380 760 440 T 980 420 V 530 H 520 Z" fill="#3b7fae"/>`,
    `<rect x="300" y="560" width="${280 + Math.floor(next() * 120)}" height="120" rx="18" fill="#5d6d7e"/>`,
    `<rect x="1040" y="520" width="140" height="180" fill="#8d6e4f"/>`,
    `<circle cx="1110" cy="500" r="36" fill="#4f8a4b"/>`,
  ];
  return frame(width, height, parts.join('\n'), title);
}

/** A simplified floor plan with the rooms of a flat. */
export function planSvg(rooms: string[], title: string): string {
  const { width, height } = PLAN_SIZE;
  const inner = { x: 80, y: 80, width: width - 160, height: height - 240 };
  const columns = Math.ceil(rooms.length / 2);
  const cellWidth = inner.width / columns;
  const cellHeight = inner.height / 2;
  const parts = [`<rect width="${width}" height="${height}" fill="#ffffff"/>`];
  rooms.forEach((room, index) => {
    const x = inner.x + (index % columns) * cellWidth;
    const y = inner.y + Math.floor(index / columns) * cellHeight;
    parts.push(
      `<rect x="${x}" y="${y}" width="${cellWidth}" height="${cellHeight}" fill="#f4f1ea" stroke="#2b2b2b" stroke-width="8"/>`,
      `<text x="${x + cellWidth / 2}" y="${y + cellHeight / 2}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#2b2b2b">${escape(room)}</text>`,
    );
  });
  return frame(width, height, parts.join('\n'), title);
}
