import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { seedDir } from "../lib/paths.js";

// The seed's artwork (issue 15): seed/tools/artwork.mjs draws every image from the content
// (wordmarks, posters, illustrations, Lucide icons); the committed images are exactly its output,
// each with the width and height the portal shows it at, and none is a tile of initials.

const dir = seedDir();
const images = join(dir, "images");
const read = (file: string) => readFileSync(join(images, file), "utf8");
const content = <T>(file: string): T =>
  JSON.parse(readFileSync(join(dir, "content", "en", file), "utf8")) as T;

/** Width, height and viewBox of an SVG's root element. */
function size(svg: string) {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const attr = (name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(root)?.[1];
  return { width: attr("width"), height: attr("height"), viewBox: attr("viewBox") };
}

describe("seed artwork", () => {
  it("is what the artwork tool generates from the content (nothing stale, nothing extra)", () => {
    const out = execFileSync(process.execPath, [join(dir, "tools", "artwork.mjs"), "--check"], {
      encoding: "utf8",
      env: { ...process.env, SEED_DIR: dir },
    });
    const count = readdirSync(images).filter((f) => f.endsWith(".svg")).length;
    expect(out.trim()).toBe(`artwork: ${count} images match the content`);
  });

  it("gives every image the size the portal shows it at", () => {
    const expected: [RegExp, number, number][] = [
      [/^channel-/, 160, 90],
      [/^movie-/, 400, 600],
      [/^(package|combo|bundle|campaign|article|product|home)-/, 640, 360],
      [/^icon-/, 48, 48],
    ];
    for (const file of readdirSync(images)) {
      const rule = expected.find(([pattern]) => pattern.test(file));
      expect(rule, file).toBeTruthy();
      const [, width, height] = rule!;
      expect(size(read(file)), file).toEqual({
        width: String(width),
        height: String(height),
        viewBox: `0 0 ${width} ${height}`,
      });
    }
  });

  it("writes channel names as wordmarks and film titles on the posters", () => {
    const channels = content<{ id: string; name: string }[]>("channels.json");
    for (const channel of channels) {
      const svg = read(`channel-${channel.id}.svg`);
      const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(" ");
      const name = channel.name.replace(/\s*\bHD\b/, "").replace(/&/g, "&amp;");
      // The whole name (over one or two lines), never initials.
      expect(words.replace(/\s+/g, " "), channel.id).toContain(name);
    }
    expect(read("channel-court-track.svg")).toContain(">Court &amp; Track</text>");
    const movies = content<{ id: string; title: string; year: number }[]>("movies.json");
    for (const movie of movies) {
      const svg = read(`movie-${movie.id}.svg`);
      const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(" ");
      expect(words, movie.id).toContain(movie.title.toUpperCase().split(" ")[0]);
      expect(words, movie.id).toContain(String(movie.year));
    }
  });

  it("draws icons and illustrations with Lucide, not letters", () => {
    // Lucide's router (lucide-static 1.62.0, icons/router.svg).
    expect(read("icon-router.svg")).toContain('<path d="M17.84 7.17a4 4 0 0 0-5.66 0"/>');
    expect(read("combo-fibre-500.svg")).toContain('<path d="M17.84 7.17a4 4 0 0 0-5.66 0"/>');
    for (const file of readdirSync(images).filter((f) => f.startsWith("icon-"))) {
      const svg = read(file);
      expect(svg, file).not.toContain("<text");
      expect(svg, file).toMatch(
        /<g transform="translate\(12 12\) scale\(1\)"[^>]*><(path|circle|rect)/,
      );
    }
    // Plans carry their figure: 500 Mbps, 1 Gbps.
    expect(read("combo-fibre-500.svg")).toMatch(/>500<\/text>.*>Mbps<\/text>/);
    expect(read("combo-fibre-1000.svg")).toMatch(/>1<\/text>.*>Gbps<\/text>/);
  });
});
