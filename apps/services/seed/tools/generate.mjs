#!/usr/bin/env node
// Generates the committed seed content (JSON in bm and en, and SVG images) from the source data in
// ./data. Deterministic: the same data always gives byte-identical files, so `git diff` shows
// exactly what changed. The JSON files, not this script, are what the importer reads.
//
// Usage (from the repo root): node apps/services/seed/tools/generate.mjs

import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { bundles, combos, packages, products } from "./data/catalogue.mjs";
import { channelRows, genreNames, packsFor } from "./data/channels.mjs";
import { dealerRows, hours } from "./data/dealers.mjs";
import { articles, campaigns } from "./data/editorial.mjs";
import { legalPages } from "./data/legal.mjs";
import { movieGenres, movieRows } from "./data/movies.mjs";
import { highlights, home } from "./data/pages.mjs";
import { supportCategories } from "./data/support.mjs";

const seedDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const langs = ["bm", "en"];
const img = (file) => `/content/images/${file}`;

// ---------------------------------------------------------------------------------------------
// SVG images

const palette = [
  "#0B3D91",
  "#C8102E",
  "#00843D",
  "#FFB81C",
  "#6A1B9A",
  "#00838F",
  "#E65100",
  "#263238",
  "#AD1457",
  "#2E7D32",
  "#1565C0",
  "#F9A825",
  "#4E342E",
  "#00695C",
  "#FFD100",
  "#8E24AA",
];

/** FNV-1a hash of a string, for stable colours. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function colourFor(key) {
  return palette[hash(key) % palette.length];
}

function brightness(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
}

function inkFor(hex) {
  return brightness(hex) > 127.5 ? "#1A1A1A" : "#FFFFFF";
}

function darken(hex, factor) {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(v * factor));
  return `#${c
    .map((v) => v.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()}`;
}

function escapeXml(text) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Up to three initials of a name ("Rumah & Taman" -> "RT", "Suria Sports 1 HD" -> "SS1"). */
function initials(name) {
  const words = name
    .replace(/\bHD\b/g, "")
    .split(/[\s-]+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return words
    .slice(0, 3)
    .map((w) => (/^\d+$/.test(w) ? w : w[0].toUpperCase()))
    .join("");
}

const svgFiles = new Map();

function svg(file, width, height, title, body) {
  svgFiles.set(
    file,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${escapeXml(title)}</title>${body}</svg>\n`,
  );
  return img(file);
}

function gradient(id, colour) {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${darken(colour, 0.72)}"/></linearGradient></defs>`;
}

const font = `font-family="Arial, Helvetica, sans-serif" font-weight="700"`;

/** Splits text into lines of at most `max` characters, on spaces. */
function wrap(text, max) {
  const lines = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Centred multi-line text. */
function lines(texts, x, firstY, size, ink, extra = "") {
  return texts
    .map(
      (t, i) =>
        `<text x="${x}" y="${firstY + i * Math.round(size * 1.15)}" ${font} font-size="${size}" fill="${ink}" text-anchor="middle"${extra}>${escapeXml(t)}</text>`,
    )
    .join("");
}

function logoSvg(file, name, number, key) {
  const bg = colourFor(key);
  const ink = inkFor(bg);
  const short = name.replace(/\s*\bHD\b/, "");
  // Short names are written out; long ones fall back to initials.
  const label = short.length <= 10 ? short : initials(name);
  const size = label.length <= 4 ? 30 : label.length <= 7 ? 22 : 17;
  return svg(
    file,
    160,
    90,
    name,
    `<rect width="160" height="90" rx="12" fill="${bg}"/>` +
      lines([label], 80, 52, size, ink) +
      `<text x="148" y="80" ${font} font-size="13" fill="${ink}" text-anchor="end" opacity="0.85">${number}</text>`,
  );
}

function posterSvg(file, title, year, key) {
  const bg = colourFor(key);
  const ink = inkFor(darken(bg, 0.86));
  return svg(
    file,
    200,
    300,
    title,
    gradient("g", bg) +
      `<rect width="200" height="300" fill="url(#g)"/>` +
      `<circle cx="160" cy="60" r="70" fill="#FFFFFF" opacity="0.12"/>` +
      `<circle cx="30" cy="250" r="90" fill="#000000" opacity="0.12"/>` +
      lines(wrap(title, 12).slice(0, 4), 100, 120, 24, ink) +
      `<text x="100" y="280" ${font} font-size="16" fill="${ink}" text-anchor="middle" opacity="0.85">${year}</text>`,
  );
}

function bannerSvg(file, title, label, key) {
  const bg = colourFor(key);
  const ink = inkFor(darken(bg, 0.86));
  return svg(
    file,
    640,
    320,
    title,
    gradient("g", bg) +
      `<rect width="640" height="320" fill="url(#g)"/>` +
      `<circle cx="560" cy="40" r="160" fill="#FFFFFF" opacity="0.10"/>` +
      `<circle cx="60" cy="300" r="120" fill="#000000" opacity="0.10"/>` +
      `<text x="48" y="190" ${font} font-size="72" fill="${ink}">${escapeXml(label)}</text>` +
      `<text x="48" y="270" ${font} font-size="22" fill="${ink}" opacity="0.8">SURIA</text>`,
  );
}

function iconSvg(file, title, glyph, key) {
  const bg = colourFor(key);
  return svg(
    file,
    64,
    64,
    title,
    `<circle cx="32" cy="32" r="32" fill="${bg}"/>` +
      `<text x="32" y="42" ${font} font-size="28" fill="${inkFor(bg)}" text-anchor="middle">${escapeXml(glyph)}</text>`,
  );
}

// ---------------------------------------------------------------------------------------------
// Content

const byNumber = (a, b) => a.number - b.number;
const byPrice = (a, b) => a.priceRm - b.priceRm || a.id.localeCompare(b.id);

function buildChannels(lang) {
  return channelRows
    .map(([id, number, name, genre, language, hd, descBm, descEn]) => ({
      id,
      number,
      name,
      genre,
      genreName: genreNames[genre][lang],
      language,
      hd,
      logo: logoSvg(`channel-${id}.svg`, name, number, id),
      description: lang === "bm" ? descBm : descEn,
      packageIds: packsFor(genre, language),
    }))
    .sort(byNumber);
}

const channelsEn = buildChannels("en");

function buildMovies(lang) {
  return movieRows
    .map(
      (
        [
          id,
          title,
          year,
          minutes,
          genres,
          classification,
          language,
          director,
          cast,
          price,
          synBm,
          synEn,
        ],
        i,
      ) => {
        // Availability windows: a rolling catalogue of 18-month windows, staggered by month.
        const fromMonth = (i % 12) + 1;
        return {
          id,
          title,
          synopsis: lang === "bm" ? synBm : synEn,
          poster: posterSvg(`movie-${id}.svg`, title, year, id),
          year,
          durationMinutes: minutes,
          genres: genres.map((g) => movieGenres[g][lang]),
          classification,
          language,
          director,
          cast,
          rentalPriceRm: price,
          availableFrom: `2026-${String(fromMonth).padStart(2, "0")}-01`,
          availableUntil: `2028-${String(fromMonth).padStart(2, "0")}-01`,
        };
      },
    )
    .sort((a, b) => b.year - a.year || a.title.localeCompare(b.title));
}

function buildPackages(lang) {
  return packages
    .map((p) => ({
      id: p.id,
      name: p.name[lang],
      description: p.description[lang],
      priceRm: p.priceRm,
      image: bannerSvg(`package-${p.id}.svg`, p.name.en, initials(p.name.bm), p.id),
      channelIds: channelsEn.filter((c) => c.packageIds.includes(p.id)).map((c) => c.id),
      highlights: p.highlights[lang],
    }))
    .sort(byPrice);
}

function comboLabel(c) {
  if (c.speedMbps) return c.speedMbps >= 1000 ? `${c.speedMbps / 1000}Gbps` : `${c.speedMbps}Mbps`;
  return initials(c.name.en);
}

function buildCombo(c, lang) {
  return {
    id: c.id,
    product: c.product,
    name: c.name[lang],
    tagline: c.tagline[lang],
    ...(c.speedMbps ? { speedMbps: c.speedMbps } : {}),
    priceRm: c.priceRm,
    contractMonths: c.contractMonths,
    packageIds: c.packageIds,
    highlights: c.highlights[lang],
    image: bannerSvg(`combo-${c.id}.svg`, c.name.en, comboLabel(c), c.id),
    recommended: c.recommended,
  };
}

function buildCombos(lang) {
  return combos
    .map((c) => buildCombo(c, lang))
    .sort((a, b) => a.product.localeCompare(b.product) || byPrice(a, b));
}

function buildBundles(lang) {
  return bundles
    .map((b) => ({
      id: b.id,
      name: b.name[lang],
      description: b.description[lang],
      priceRm: b.priceRm,
      contractMonths: b.contractMonths,
      speedMbps: b.speedMbps,
      comboId: b.comboId,
      packageIds: b.packageIds,
      highlights: b.highlights[lang],
      image: bannerSvg(
        `bundle-${b.id}.svg`,
        b.name.en,
        b.speedMbps >= 1000 ? "TV+1G" : `TV+${b.speedMbps}`,
        b.id,
      ),
    }))
    .sort(byPrice);
}

function buildCampaigns(lang) {
  return campaigns
    .map((c) => ({
      id: c.id,
      title: c.title[lang],
      summary: c.summary[lang],
      body: c.body[lang],
      image: bannerSvg(`campaign-${c.id}.svg`, c.title.en, initials(c.title.bm), c.id),
      startDate: c.startDate,
      endDate: c.endDate,
      product: c.product,
      cta: { label: c.cta.label[lang], url: c.cta.url },
    }))
    .sort((a, b) => a.endDate.localeCompare(b.endDate) || a.id.localeCompare(b.id));
}

const authors = {
  "Pasukan Teknikal Suria": { bm: "Pasukan Teknikal Suria", en: "Suria Technical Team" },
  "Editorial Suria": { bm: "Editorial Suria", en: "Suria Editorial" },
};

function buildArticles(lang) {
  return articles
    .map((a) => ({
      id: a.id,
      title: a.title[lang],
      summary: a.summary[lang],
      body: a.body[lang],
      image: bannerSvg(`article-${a.id}.svg`, a.title.en, initials(a.title.en), a.id),
      publishedAt: a.publishedAt,
      author: authors[a.author][lang],
      tags: a.tags[lang],
    }))
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));
}

const featureGlyph = {
  speed: "⚡",
  router: "W",
  install: "✓",
  support: "?",
  channels: "60+",
  record: "●",
  hd: "HD",
  parental: "P",
};

function buildProducts(lang) {
  return products.map((p) => ({
    product: p.product,
    name: p.name[lang],
    tagline: p.tagline[lang],
    description: p.description[lang],
    heroImage: bannerSvg(`product-${p.product}.svg`, p.name.en, p.name.en, `product-${p.product}`),
    features: p.features.map(([key, title, description]) => ({
      title: title[lang],
      description: description[lang],
      icon: iconSvg(`icon-${key}.svg`, title.en, featureGlyph[key], key),
    })),
    comboIds: combos.filter((c) => c.product === p.product).map((c) => c.id),
  }));
}

function buildHighlights(lang) {
  return highlights.map((h) => ({
    id: h.id,
    kind: h.kind,
    title: h.title[lang],
    message: h.message[lang],
    colourCode: h.colourCode,
    ...(h.link ? { link: { label: h.link.label[lang], url: h.link.url } } : {}),
    ...(h.startsAt ? { startsAt: h.startsAt } : {}),
    ...(h.endsAt ? { endsAt: h.endsAt } : {}),
  }));
}

function buildTerms(lang) {
  return legalPages.map((t) => ({
    type: t.type,
    title: t.title[lang],
    body: t.body[lang],
    version: t.version,
    updatedAt: t.updatedAt,
  }));
}

function buildHome(lang, content) {
  bannerSvg("home-hero.svg", "Suria", "Suria", "home-hero");
  iconSvg("icon-info.svg", "Info", "i", "icon-info");
  const pick = (list, ids) => ids.map((id) => list.find((x) => x.id === id));
  return {
    hero: {
      title: home.hero.title[lang],
      subtitle: home.hero.subtitle[lang],
      image: home.hero.image,
      cta: { label: home.hero.cta.label[lang], url: home.hero.cta.url },
    },
    infoBox: {
      title: home.infoBox.title[lang],
      body: home.infoBox.body[lang],
      icon: home.infoBox.icon,
      link: { label: home.infoBox.link.label[lang], url: home.infoBox.link.url },
    },
    comboList: content.combos.filter((c) => c.product === "fibre"),
    featuredChannels: pick(content.channels, home.featuredChannelIds),
    featuredMovies: pick(content.movies, home.featuredMovieIds),
    latestArticles: content.articles.slice(0, home.latestArticleCount),
  };
}

function buildDealers() {
  const stateOrder = [
    "johor",
    "kedah",
    "kelantan",
    "melaka",
    "negeri-sembilan",
    "pahang",
    "perak",
    "perlis",
    "pulau-pinang",
    "sabah",
    "sarawak",
    "selangor",
    "terengganu",
    "kuala-lumpur",
    "labuan",
    "putrajaya",
  ];
  const slug = (s) =>
    s
      .toLowerCase()
      .replace(/&/g, " ")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return dealerRows
    .map(([state, name, address, postcode, city, phone, hoursKey, services]) => ({
      id: slug(name),
      name,
      state,
      city,
      postcode,
      address,
      phone,
      openingHours: hours[hoursKey],
      services,
    }))
    .sort(
      (a, b) =>
        stateOrder.indexOf(a.state) - stateOrder.indexOf(b.state) ||
        a.city.localeCompare(b.city) ||
        a.name.localeCompare(b.name),
    );
}

function buildSupport(lang) {
  let n = 0;
  return supportCategories.map((c) => ({
    name: c.name[lang],
    slug: c.slug,
    questions: c.questions.map((q) => {
      n += 1;
      const [name, description, content] = q[lang];
      return {
        ref_id: `SUP-${String(n).padStart(4, "0")}`,
        slug: q.slug,
        name,
        description,
        content,
        tags: q.tags[lang],
      };
    }),
  }));
}

// ---------------------------------------------------------------------------------------------
// Write

function writeJson(path, value) {
  const full = join(seedDir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, `${JSON.stringify(value, null, 2)}\n`);
}

rmSync(join(seedDir, "content"), { recursive: true, force: true });
rmSync(join(seedDir, "support"), { recursive: true, force: true });
rmSync(join(seedDir, "images"), { recursive: true, force: true });

for (const lang of langs) {
  const content = {
    channels: buildChannels(lang),
    movies: buildMovies(lang),
    packages: buildPackages(lang),
    combos: buildCombos(lang),
    bundles: buildBundles(lang),
    campaigns: buildCampaigns(lang),
    articles: buildArticles(lang),
    products: buildProducts(lang),
    highlights: buildHighlights(lang),
    terms: buildTerms(lang),
  };
  content.home = buildHome(lang, content);
  for (const [name, value] of Object.entries(content))
    writeJson(`content/${lang}/${name}.json`, value);
  writeJson(`support/${lang}.json`, buildSupport(lang));
}
writeJson("content/dealers.json", buildDealers());

mkdirSync(join(seedDir, "images"), { recursive: true });
for (const [file, text] of [...svgFiles].sort(([a], [b]) => a.localeCompare(b))) {
  writeFileSync(join(seedDir, "images", file), text);
}
console.log(`seed: wrote ${svgFiles.size} images and the JSON content for ${langs.join(", ")}`);
