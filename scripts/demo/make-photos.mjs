// Renders the demo gallery's illustrations to JPEG with Debian's Chromium. Run once by hand
// (`node scripts/demo/make-photos.mjs`); the JPEGs are committed so `npm start` needs no browser.
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../lib/local-stack.mjs";

const out = new URL("./photos/", import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const palettes = [
  ["#0f2b4c", "#c89b3c", "#f4ecd9"], ["#1d3b2a", "#d9a441", "#eef3e6"], ["#3a1f3d", "#e07a5f", "#f7e8e2"],
  ["#10344a", "#4fb3bf", "#e3f4f6"], ["#2b2d42", "#ef8354", "#edf2f4"], ["#283618", "#dda15e", "#fefae0"],
  ["#1b263b", "#e0c068", "#e0e1dd"], ["#3d2c2e", "#b7a57a", "#f1ece1"],
];
const scenes = [
  "Lecture hall with the keynote speaker at the lectern",
  "Old town square of the host city at dusk",
  "Panel discussion on stage with four speakers",
  "Participants talking during the coffee break",
  "Harbour view from the conference dinner terrace",
  "Doctoral tutorial in a seminar room",
  "Poster session in the university atrium",
  "Award ceremony for the best paper",
];

function svg(i) {
  const [dark, accent, light] = palettes[i % palettes.length];
  let shapes = "";
  let seed = i * 7919 + 17;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let b = 0; b < 14; b++) {
    const w = 50 + rnd() * 110, h = 120 + rnd() * 360, x = b * 90 - 40 + rnd() * 30;
    shapes += `<rect x="${x}" y="${800 - h - 140}" width="${w}" height="${h}" fill="${dark}" opacity="${0.55 + rnd() * 0.45}"/>`;
    for (let k = 0; k < 6; k++) shapes += `<rect x="${x + 10 + rnd() * (w - 20)}" y="${800 - h - 120 + rnd() * (h - 40)}" width="8" height="12" fill="${accent}" opacity="0.8"/>`;
  }
  for (let p = 0; p < 18; p++) {
    const x = 40 + p * 64 + rnd() * 20, s = 0.8 + rnd() * 0.5;
    shapes += `<g transform="translate(${x} ${660 - s * 20}) scale(${s})" fill="${dark}"><circle cx="0" cy="0" r="16"/><path d="M-26 90 Q-26 24 0 24 Q26 24 26 90 Z"/></g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${accent}"/></linearGradient>
    <radialGradient id="s" cx="0.75" cy="0.25" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/><rect width="1200" height="800" fill="url(#s)"/>${shapes}
    <rect y="740" width="1200" height="60" fill="${dark}"/></svg>`;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
for (let i = 0; i < scenes.length; i++) {
  await page.setContent(`<body style="margin:0">${svg(i)}</body>`);
  await page.screenshot({ path: `${out}photo-${i + 1}.jpg`, type: "jpeg", quality: 72 });
}
await browser.close();
console.log(scenes.map((s, i) => `photo-${i + 1}.jpg: ${s}`).join("\n"));
