#!/usr/bin/env node
// Generates the seed's artwork (images/*.svg) from the seed content: channel logos as wordmarks,
// film posters with a composition and title type, plan, pack, campaign and article illustrations,
// and feature icons, drawn with Lucide icons (lucide-static, ISC) where a picture needs a symbol.
// Deterministic: the same content always gives byte-identical files.
//
// Every image is language-neutral (one file serves the Malay and the English page): wordmarks and
// posters carry names that are the same in both languages; illustrations carry figures only
// ("500 Mbps", "RM129"), never words of one language. Every file has a width, a height and a
// viewBox of the size the portal shows it at (logos 16:9, posters 2:3, illustrations 16:9, icons
// square), so nothing shifts while it loads.
//
// Usage (from the repository root):
//   node apps/services/seed/tools/artwork.mjs           writes images/ for the content in content/
//   node apps/services/seed/tools/artwork.mjs --check   exits 1 when images/ differs from it
// The services' tests run --check, so a renamed channel or a new film fails until the artwork is
// regenerated.

import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const seedDir = process.env.SEED_DIR ?? join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const lucideDir = join(dirname(require.resolve("lucide-static/package.json")), "icons");

const read = (file) => JSON.parse(readFileSync(join(seedDir, "content", "en", file), "utf8"));

// ---------------------------------------------------------------------------------------------
// Brand and helpers

const BRAND = {
  navy: "#0B2A5B",
  blue: "#1456B8",
  sun: "#FFB81C",
  sunLight: "#FFD66B",
  ink: "#10213F",
  white: "#FFFFFF",
};
const SANS = `font-family="'Helvetica Neue', Arial, Helvetica, sans-serif"`;

/** FNV-1a hash of a string, for stable choices. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A small seeded PRNG (mulberry32), so a composition is the same on every run. */
function random(key) {
  let state = hash(key);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(text) {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

const round = (n) => Math.round(n * 10) / 10;

function mix(a, b, t) {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const c = [16, 8, 0].map((s) => Math.round(((pa >> s) & 255) * (1 - t) + ((pb >> s) & 255) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`.toUpperCase();
}

function brightness(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
}

const inkOn = (hex) => (brightness(hex) > 150 ? BRAND.ink : BRAND.white);

/** Approximate advance of bold sans text, in em, for fitting type to a width. */
function textWidth(text, size) {
  let em = 0;
  for (const ch of text) {
    if (ch === " ") em += 0.28;
    else if (/[ilj.,:;'!|]/.test(ch)) em += 0.3;
    else if (/[mwMW@]/.test(ch)) em += 0.9;
    else if (/[A-Z0-9&]/.test(ch)) em += 0.68;
    else em += 0.56;
  }
  return em * size;
}

/** Splits text into lines no wider than `width` at `size`. */
function wrap(text, width, size) {
  const lines = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && textWidth(`${last} ${word}`, size) <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The inner elements of a Lucide icon (24 x 24, stroked). */
const lucideCache = new Map();
function lucide(name) {
  if (!lucideCache.has(name)) {
    const file = join(lucideDir, `${name}.svg`);
    if (!existsSync(file)) throw new Error(`artwork: no Lucide icon "${name}"`);
    const text = readFileSync(file, "utf8");
    const inner = text
      .slice(text.indexOf(">", text.indexOf("<svg")) + 1, text.lastIndexOf("</svg>"))
      .replace(/\s*\n\s*/g, "")
      .replace(/\s+\/>/g, "/>");
    lucideCache.set(name, inner);
  }
  return lucideCache.get(name);
}

/** A Lucide icon drawn `size` px wide at (x, y), stroked in `colour`. */
function icon(name, x, y, size, colour, strokeWidth = 2) {
  const scale = round(size / 24);
  return `<g transform="translate(${round(x)} ${round(y)}) scale(${scale})" fill="none" stroke="${colour}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">${lucide(name)}</g>`;
}

/** The Suria mark: a sun (disc and ring) and, unless `markOnly`, the name beside it. */
function brandMark(x, y, size, ink, markOnly = false) {
  const r = size / 2;
  return (
    `<circle cx="${round(x + r)}" cy="${round(y + r)}" r="${round(r * 0.62)}" fill="${BRAND.sun}"/>` +
    `<circle cx="${round(x + r)}" cy="${round(y + r)}" r="${round(r * 0.92)}" fill="none" stroke="${BRAND.sun}" stroke-width="${round(size * 0.08)}" opacity="0.55"/>` +
    (markOnly
      ? ""
      : `<text x="${round(x + size * 1.25)}" y="${round(y + size * 0.78)}" ${SANS} font-weight="700" font-size="${round(size * 0.86)}" letter-spacing="0.5" fill="${ink}">Suria</text>`)
  );
}

const files = new Map();

function svg(file, width, height, title, body) {
  files.set(
    file,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${escapeXml(title)}</title>${body}</svg>\n`,
  );
}

const linear = (id, from, to, x2 = 1, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

// ---------------------------------------------------------------------------------------------
// Channel logos: the name as a wordmark on the genre's colour, the number and HD as badges.

const GENRE_COLOURS = {
  entertainment: ["#C8102E", "#E4572E", "#7B1FA2", "#AD1457", "#FFB81C"],
  movies: ["#1B1B2F", "#3D0C11", "#4A2C82", "#0F3D3E"],
  sports: ["#0B6E4F", "#00843D", "#0D47A1", "#E65100"],
  news: ["#0B2A5B", "#263238", "#B71C1C"],
  documentary: ["#00695C", "#33691E", "#4E342E", "#00838F"],
  kids: ["#FFB81C", "#29B6F6", "#EC407A", "#7CB342"],
  lifestyle: ["#D81B60", "#F57C00", "#6D4C41", "#00897B"],
  music: ["#6A1B9A", "#311B92", "#C2185B", "#00ACC1"],
  religious: ["#1B5E20", "#004D40", "#5D4037"],
};

function channelLogo(channel) {
  const choices = GENRE_COLOURS[channel.genre] ?? [BRAND.blue];
  const bg = choices[hash(channel.id) % choices.length];
  const ink = inkOn(bg);
  const name = channel.name.replace(/\s*\bHD\b/, "").trim();
  // The longest size at which the name fits 136 px on one line, or two lines from 14 px down.
  let size = Math.min(30, Math.floor(136 / (textWidth(name, 1) || 1)));
  let rows = [name];
  if (size < 15 && name.includes(" ")) {
    rows = wrap(name, 136, 17);
    size = Math.min(
      19,
      Math.floor(136 / Math.max(...rows.map((r) => textWidth(r, 1)))),
      Math.floor(52 / rows.length / 1.05),
    );
  }
  const lineHeight = Math.round(size * 1.05);
  const top = 44 - ((rows.length - 1) * lineHeight) / 2 + size * 0.35;
  const style = hash(`${channel.id}:style`) % 3;
  const accent =
    style === 0
      ? `<rect x="0" y="78" width="160" height="12" fill="${mix(bg, "#000000", 0.25)}"/>`
      : style === 1
        ? `<circle cx="150" cy="8" r="34" fill="${mix(bg, "#FFFFFF", 0.18)}"/>`
        : `<path d="M0 90 L48 90 L0 50 Z" fill="${mix(bg, "#FFFFFF", 0.16)}"/>`;
  const text = rows
    .map(
      (row, i) =>
        `<text x="80" y="${round(top + i * lineHeight)}" ${SANS} font-weight="800" font-size="${size}" letter-spacing="${size > 20 ? -0.5 : 0}" fill="${ink}" text-anchor="middle">${escapeXml(row)}</text>`,
    )
    .join("");
  const badges =
    `<text x="10" y="84" ${SANS} font-weight="700" font-size="10" fill="${ink}" opacity="0.8">${channel.number}</text>` +
    (channel.hd
      ? `<rect x="128" y="74" width="24" height="12" rx="3" fill="none" stroke="${ink}" stroke-width="1.2" opacity="0.85"/><text x="140" y="83.5" ${SANS} font-weight="800" font-size="8.5" fill="${ink}" text-anchor="middle" opacity="0.9">HD</text>`
      : "");
  svg(
    `channel-${channel.id}.svg`,
    160,
    90,
    channel.name,
    `<clipPath id="c"><rect width="160" height="90" rx="10"/></clipPath><g clip-path="url(#c)"><rect width="160" height="90" fill="${bg}"/>${accent}</g>${text}${badges}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Film posters: a scene for the film's first genre, the title set large at the foot.

const POSTER_PALETTES = {
  Action: ["#1A0F0A", "#E4572E", "#FFB81C"],
  Thriller: ["#0C1424", "#3A6EA5", "#C0D6EA"],
  Horror: ["#0B0B0B", "#8B0000", "#E8E1D9"],
  Drama: ["#1F2A44", "#C97B63", "#F3D9B1"],
  Romance: ["#3B0A2A", "#E26D8C", "#FFD3DC"],
  Comedy: ["#FFB81C", "#1456B8", "#FFFFFF"],
  Family: ["#0F5257", "#F2A541", "#FFF4E0"],
  Animation: ["#2B2D7C", "#F25F5C", "#FFE066"],
  Documentary: ["#1E3B2F", "#8FBF9F", "#F1F5E9"],
  Adventure: ["#0E3B43", "#F2A541", "#FCEFD7"],
  "Science Fiction": ["#070B1F", "#5B5BD6", "#B8F2E6"],
  "Martial Arts": ["#1A0A0A", "#C8102E", "#F4D35E"],
  Musical: ["#2D0B4E", "#E040FB", "#FFE0F7"],
  Historical: ["#2B1B0E", "#B5895A", "#F4E4C1"],
};

function posterScene(kind, palette, rnd) {
  const [, mid, light] = palette;
  switch (kind) {
    case "Action":
    case "Martial Arts":
    case "Adventure": {
      // Mountains against a low sun.
      const peaks = [0, 1, 2].map((i) => {
        const x = 40 + i * 150 + rnd() * 60;
        const h = 180 + rnd() * 120;
        return `<path d="M${round(x - 190)} 420 L${round(x)} ${round(420 - h)} L${round(x + 190)} 420 Z" fill="${mix(palette[0], mid, 0.25 + i * 0.12)}"/>`;
      });
      return `<circle cx="${round(120 + rnd() * 160)}" cy="210" r="92" fill="${mid}"/><circle cx="200" cy="210" r="200" fill="${light}" opacity="0.06"/>${peaks.join("")}`;
    }
    case "Thriller":
    case "Horror": {
      // A lit window in a dark facade, rain streaks.
      const streaks = Array.from({ length: 14 }, () => {
        const x = rnd() * 400;
        const y = rnd() * 360;
        return `<path d="M${round(x)} ${round(y)} l-14 44" stroke="${light}" stroke-width="1.5" opacity="0.22"/>`;
      });
      return `<rect x="70" y="120" width="260" height="330" fill="${mix(palette[0], mid, 0.35)}"/><rect x="168" y="190" width="64" height="96" fill="${mid}"/><rect x="176" y="198" width="48" height="80" fill="${light}" opacity="0.85"/><path d="M200 198 v80 M176 238 h48" stroke="${mix(palette[0], mid, 0.35)}" stroke-width="4"/>${streaks.join("")}`;
    }
    case "Romance":
    case "Drama": {
      // A horizon at dusk: sun half set, two figures' shadows.
      return `<circle cx="200" cy="300" r="120" fill="${mid}"/><rect x="0" y="300" width="400" height="160" fill="${mix(palette[0], mid, 0.2)}"/><path d="M0 330 h400 M0 356 h400 M0 384 h400" stroke="${light}" stroke-width="2" opacity="0.25"/><path d="M168 300 q6 -46 14 -46 q8 0 14 46 Z M206 300 q6 -40 13 -40 q7 0 13 40 Z" fill="${palette[0]}"/>`;
    }
    case "Comedy":
    case "Musical":
    case "Family":
    case "Animation": {
      // Confetti of circles and a big smile-shaped arc.
      const dots = Array.from({ length: 18 }, () => {
        const r = 6 + rnd() * 22;
        return `<circle cx="${round(rnd() * 400)}" cy="${round(40 + rnd() * 360)}" r="${round(r)}" fill="${rnd() < 0.5 ? mid : light}" opacity="${round(0.35 + rnd() * 0.5)}"/>`;
      });
      return `${dots.join("")}<path d="M90 250 a110 110 0 0 0 220 0" fill="none" stroke="${light}" stroke-width="18" stroke-linecap="round"/>`;
    }
    case "Science Fiction": {
      // A ringed planet and stars.
      const stars = Array.from(
        { length: 26 },
        () =>
          `<circle cx="${round(rnd() * 400)}" cy="${round(rnd() * 420)}" r="${round(0.8 + rnd() * 1.8)}" fill="${light}"/>`,
      );
      return `${stars.join("")}<circle cx="220" cy="220" r="96" fill="${mid}"/><ellipse cx="220" cy="220" rx="170" ry="34" fill="none" stroke="${light}" stroke-width="6" transform="rotate(-18 220 220)"/>`;
    }
    default: {
      // Documentary and the rest: contour lines of a landscape.
      const lines = Array.from({ length: 9 }, (_, i) => {
        const y = 150 + i * 32;
        return `<path d="M0 ${y} C120 ${round(y - 40 - rnd() * 40)} 260 ${round(y + 30 + rnd() * 30)} 400 ${round(y - 10)}" fill="none" stroke="${i % 2 ? mid : light}" stroke-width="3" opacity="0.6"/>`;
      });
      return lines.join("");
    }
  }
}

function poster(movie) {
  const kind = (movie.genres ?? []).find((g) => POSTER_PALETTES[g]) ?? movie.genres?.[0] ?? "Drama";
  const palette = POSTER_PALETTES[kind] ?? POSTER_PALETTES.Drama;
  const rnd = random(movie.id);
  const [dark, , light] = palette;
  const ink = inkOn(dark) === BRAND.white ? "#FFFFFF" : BRAND.ink;
  const title = movie.title.toUpperCase();
  let size = 52;
  let rows = wrap(title, 340, size);
  while ((rows.length > 3 || rows.some((r) => textWidth(r, size) > 340)) && size > 26) {
    size -= 2;
    rows = wrap(title, 340, size);
  }
  const lineHeight = Math.round(size * 1.02);
  const bottom = 540;
  const type = rows
    .map(
      (row, i) =>
        `<text x="30" y="${bottom - (rows.length - 1 - i) * lineHeight}" ${SANS} font-weight="900" font-size="${size}" letter-spacing="-1" fill="${ink}">${escapeXml(row)}</text>`,
    )
    .join("");
  const credit = `<text x="30" y="574" ${SANS} font-weight="600" font-size="14" letter-spacing="2" fill="${ink}" opacity="0.75">${escapeXml(`${(movie.director ?? "").toUpperCase()}  ·  ${movie.year}`)}</text>`;
  svg(
    `movie-${movie.id}.svg`,
    400,
    600,
    movie.title,
    `<defs>${linear("p", mix(dark, palette[1], 0.18), dark, 0, 1)}<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dark}" stop-opacity="0"/><stop offset="0.45" stop-color="${dark}" stop-opacity="0.8"/></linearGradient></defs>` +
      `<rect width="400" height="600" fill="url(#p)"/>` +
      posterScene(kind, palette, rnd) +
      `<rect y="300" width="400" height="300" fill="url(#f)"/>` +
      `<rect x="30" y="${bottom - rows.length * lineHeight - 6}" width="44" height="5" fill="${light}"/>` +
      type +
      credit +
      brandMark(346, 22, 30, ink, true),
  );
}

// ---------------------------------------------------------------------------------------------
// Illustrations (16:9): a symbol drawn with Lucide, a figure, the Suria mark.

function illustration(
  file,
  title,
  { from, to, symbol, figure, unit, unitIcon, secondary, tertiary },
) {
  const ink = inkOn(to);
  const rings = [150, 200, 250]
    .map(
      (r) =>
        `<circle cx="470" cy="180" r="${r}" fill="none" stroke="${ink}" stroke-width="2" opacity="${round(0.14 - r / 4000)}"/>`,
    )
    .join("");
  const disc = `<circle cx="470" cy="180" r="110" fill="${mix(to, "#FFFFFF", 0.12)}"/><circle cx="470" cy="180" r="110" fill="none" stroke="${BRAND.sun}" stroke-width="4"/>`;
  const main = icon(symbol, 470 - 64, 180 - 64, 128, ink, 1.6);
  const second = secondary
    ? `<circle cx="560" cy="92" r="36" fill="${BRAND.sun}"/>${icon(secondary, 560 - 20, 92 - 20, 40, BRAND.ink, 2)}`
    : "";
  const third = tertiary
    ? `<circle cx="386" cy="262" r="30" fill="${BRAND.white}"/>${icon(tertiary, 386 - 17, 262 - 17, 34, BRAND.navy, 2)}`
    : "";
  const figureSize = String(figure ?? "").length > 4 ? 72 : 96;
  const type = figure
    ? `<text x="44" y="210" ${SANS} font-weight="900" font-size="${figureSize}" letter-spacing="-2" fill="${ink}">${escapeXml(figure)}</text>` +
      (unit
        ? `<text x="48" y="252" ${SANS} font-weight="700" font-size="28" letter-spacing="1" fill="${BRAND.sun}">${escapeXml(unit)}</text>`
        : "") +
      (unitIcon ? icon(unitIcon, 48, 226, 34, BRAND.sun, 2.2) : "")
    : "";
  svg(
    file,
    640,
    360,
    title,
    `<defs>${linear("b", from, to)}</defs><rect width="640" height="360" fill="url(#b)"/>${rings}${disc}${main}${second}${third}` +
      `<path d="M0 360 L0 300 Q160 270 320 318 T640 300 L640 360 Z" fill="${mix(to, "#000000", 0.25)}" opacity="0.6"/>` +
      type +
      brandMark(44, 300, 30, "#FFFFFF"),
  );
}

const FIBRE = { from: "#1456B8", to: "#0B2A5B" };
const TV = { from: "#7B1FA2", to: "#2A0F4F" };
const WARM = { from: "#E4572E", to: "#8C1C13" };
const GREEN = { from: "#00897B", to: "#0B3D2E" };

const PACK_SYMBOLS = {
  "lifestyle-pack": ["utensils-crossed", WARM],
  "kids-pack": ["baby", { from: "#F2A541", to: "#B85C00" }],
  "knowledge-pack": ["graduation-cap", GREEN],
  "variety-pack": ["clapperboard", TV],
  "chinese-pack": ["sparkles", { from: "#C8102E", to: "#6B0F1A" }],
  "indian-pack": ["flower-2", { from: "#F57C00", to: "#7A2E00" }],
  "movies-pack": ["film", { from: "#263238", to: "#0B0F14" }],
  "sports-pack": ["trophy", { from: "#00843D", to: "#0B3D2E" }],
};

const TV_COMBO_SYMBOLS = { "tv-asas": "tv", "tv-keluarga": "users", "tv-premium": "crown" };

const CAMPAIGN_SYMBOLS = {
  "free-installation": ["drill", TV, "satellite-dish"],
  "school-holidays": ["backpack", { from: "#F2A541", to: "#B85C00" }, "baby"],
  "year-end-fibre-deal": ["gift", FIBRE, "wifi"],
  "lunar-new-year": ["sparkles", { from: "#C8102E", to: "#6B0F1A" }, "tv"],
  "football-season": ["trophy", { from: "#00843D", to: "#0B3D2E" }, "tv"],
  "refer-a-friend": ["users", FIBRE, "gift"],
};

const ARTICLE_SYMBOLS = {
  "router-placement-tips": ["router", FIBRE, "wifi"],
  "choosing-fibre-speed": ["gauge", FIBRE],
  "new-channels-december": ["tv", TV, "sparkles"],
  "decoder-setup-guide": ["cable", TV, "wrench"],
  "work-from-home-setup": ["laptop", GREEN, "wifi"],
  "rain-fade-explained": ["cloud-rain", { from: "#37474F", to: "#102027" }, "satellite-dish"],
  "parental-controls": ["shield-check", GREEN, "baby"],
  "suria-app-launch": ["smartphone", { from: "#E4572E", to: "#8C1C13" }, "monitor-play"],
  "fibre-coverage-expands": ["map-pin", FIBRE, "house"],
  "b40-broadband-rebate": ["hand-coins", GREEN, "house"],
};

/** Monthly price of a campaign's price rule, as a figure ("RM129", "RM0"), when it has one. */
function campaignFigure(campaign) {
  const rule = campaign.priceRule;
  if (!rule) return {};
  if (rule.monthlyPriceRm !== undefined) return { figure: `RM${rule.monthlyPriceRm}` };
  if (rule.installationFeeRm !== undefined) return { figure: `RM${rule.installationFeeRm}` };
  return {};
}

const FEATURE_ICONS = {
  speed: "gauge",
  router: "router",
  install: "drill",
  support: "headset",
  channels: "tv",
  record: "circle-dot",
  hd: "monitor-play",
  parental: "shield-check",
  info: "info",
};

function featureIcon(key, title) {
  const name = FEATURE_ICONS[key];
  if (!name) throw new Error(`artwork: no icon for feature "${key}"`);
  svg(
    `icon-${key}.svg`,
    48,
    48,
    title,
    `<circle cx="24" cy="24" r="24" fill="${BRAND.navy}"/>${icon(name, 12, 12, 24, BRAND.sunLight, 2)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The content's images

export function generateArtwork() {
  files.clear();
  for (const channel of read("channels.json")) channelLogo(channel);
  for (const movie of read("movies.json")) poster(movie);
  for (const pack of read("packages.json")) {
    const [symbol, colours] = PACK_SYMBOLS[pack.id] ?? ["tv", TV];
    illustration(`package-${pack.id}.svg`, pack.name, {
      ...colours,
      symbol,
      // The number of channels, with a television for the word (the image serves both languages).
      figure: String(pack.channelIds.length),
      unitIcon: "tv",
    });
  }
  for (const combo of read("combos.json")) {
    const fibre = combo.product === "fibre";
    illustration(
      `combo-${combo.id}.svg`,
      combo.name,
      fibre
        ? {
            ...FIBRE,
            symbol: "router",
            figure: combo.speedMbps >= 1000 ? `${combo.speedMbps / 1000}` : `${combo.speedMbps}`,
            unit: combo.speedMbps >= 1000 ? "Gbps" : "Mbps",
            secondary: "wifi",
          }
        : {
            ...TV,
            // Essentials, family, premium: a symbol each.
            symbol: TV_COMBO_SYMBOLS[combo.id] ?? "tv",
            secondary: "satellite-dish",
            tertiary: "tv",
          },
    );
  }
  for (const bundle of read("bundles.json")) {
    illustration(`bundle-${bundle.id}.svg`, bundle.name, {
      from: "#1456B8",
      to: "#2A0F4F",
      symbol: "house",
      figure: String(bundle.speedMbps >= 1000 ? bundle.speedMbps / 1000 : bundle.speedMbps),
      unit: `${bundle.speedMbps >= 1000 ? "Gbps" : "Mbps"} + TV`,
      secondary: "tv",
    });
  }
  for (const campaign of read("campaigns.json")) {
    const [symbol, colours, secondary] = CAMPAIGN_SYMBOLS[campaign.id] ?? ["gift", FIBRE];
    illustration(`campaign-${campaign.id}.svg`, campaign.title, {
      ...colours,
      symbol,
      secondary,
      ...campaignFigure(campaign),
    });
  }
  for (const article of read("articles.json")) {
    const [symbol, colours, secondary] = ARTICLE_SYMBOLS[article.id] ?? ["newspaper", FIBRE];
    illustration(`article-${article.id}.svg`, article.title, { ...colours, symbol, secondary });
  }
  for (const product of read("products.json")) {
    const fibre = product.product === "fibre";
    illustration(
      `product-${product.product}.svg`,
      product.name,
      fibre
        ? { ...FIBRE, symbol: "router", figure: "1", unit: "Gbps", secondary: "wifi" }
        : { ...TV, symbol: "satellite-dish", figure: "60+", unit: "HD", secondary: "tv" },
    );
    for (const feature of product.features) {
      const key = feature.icon.replace(/^.*\/icon-/, "").replace(/\.svg$/, "");
      featureIcon(key, feature.title);
    }
  }
  const home = JSON.parse(readFileSync(join(seedDir, "content", "en", "home.json"), "utf8"));
  illustration("home-hero.svg", "Suria", {
    from: "#1456B8",
    to: "#0B2A5B",
    symbol: "house",
    secondary: "wifi",
    tertiary: "tv",
  });
  featureIcon(home.infoBox.icon.replace(/^.*\/icon-/, "").replace(/\.svg$/, ""), "Info");
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

// ---------------------------------------------------------------------------------------------

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const artwork = generateArtwork();
  const imageDir = join(seedDir, "images");
  const present = existsSync(imageDir)
    ? readdirSync(imageDir).filter((f) => f.endsWith(".svg"))
    : [];
  if (process.argv.includes("--check")) {
    const stale = [...artwork]
      .filter(([file, text]) => {
        const path = join(imageDir, file);
        return !existsSync(path) || readFileSync(path, "utf8") !== text;
      })
      .map(([file]) => file);
    const extra = present.filter((f) => !artwork.has(f));
    if (stale.length || extra.length) {
      console.error(
        `artwork: images/ differs from the content (run node apps/services/seed/tools/artwork.mjs): ` +
          `${stale.length} to (re)generate ${stale.slice(0, 5).join(", ")}; ${extra.length} not generated ${extra.slice(0, 5).join(", ")}`,
      );
      process.exit(1);
    }
    console.log(`artwork: ${artwork.size} images match the content`);
  } else {
    for (const file of present) if (!artwork.has(file)) rmSync(join(imageDir, file));
    for (const [file, text] of artwork) writeFileSync(join(imageDir, file), text);
    console.log(`artwork: wrote ${artwork.size} images`);
  }
}
