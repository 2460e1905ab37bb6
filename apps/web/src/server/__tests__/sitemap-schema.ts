import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

const schemaDir = join(dirname(fileURLToPath(import.meta.url)), "schema");
const read = (file: string) => readFileSync(join(schemaDir, file), "utf8");

/**
 * Validates a sitemap against the sitemaps.org 0.9 schema with its xhtml:link alternates
 * (libxml2's xmllint, as WebAssembly; see schema/README.md). Returns libxml2's errors, none when valid.
 */
export async function sitemapSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: "sitemap.xml", contents: xml }],
    schema: [read("sitemap-alternates.xsd")],
    preload: [
      { fileName: "sitemap.xsd", contents: read("sitemap.xsd") },
      { fileName: "xhtml-link.xsd", contents: read("xhtml-link.xsd") },
    ],
    // A full sitemap (hundreds of URLs, two languages) is well under the default 16 MiB.
    maxMemoryPages: 1024,
  });
  return result.errors.map((error) => error.rawMessage);
}
