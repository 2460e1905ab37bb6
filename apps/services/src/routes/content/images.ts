import { readFile, realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { isImageName } from "@portal/validation";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/errors.js";
import { strongEtag } from "../../plugins/etag.js";

const TYPES: Record<string, string> = { svg: "image/svg+xml", png: "image/png" };
const MAX_CACHED_BYTES = 1_000_000;

interface ImageFile {
  body: Buffer;
  etag: string;
  type: string;
}

/** Reads content images from one folder, keeping small files in memory until `clear`. */
export class ImageStore {
  readonly #dir: string;
  readonly #files = new Map<string, Promise<ImageFile | undefined>>();
  #root: Promise<string | undefined> | undefined;

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Forgets the files read so far (after an import). */
  clear(): void {
    this.#files.clear();
  }

  /** The image called `name`, or undefined when the name is not an image name or no such file exists. */
  get(name: string): Promise<ImageFile | undefined> {
    // The rule (content.yaml ImagePath without the prefix) is @portal/validation's imageNameSchema.
    if (!isImageName(name)) return Promise.resolve(undefined);
    let file = this.#files.get(name);
    if (!file) {
      file = this.#read(name, TYPES[name.slice(name.lastIndexOf(".") + 1)] as string);
      this.#files.set(name, file);
      void file.then((f) => {
        if (!f || f.body.length > MAX_CACHED_BYTES) this.#files.delete(name);
      });
    }
    return file;
  }

  async #read(name: string, type: string): Promise<ImageFile | undefined> {
    this.#root ??= realpath(this.#dir).catch(() => undefined);
    const root = await this.#root;
    if (!root) return undefined;
    try {
      // The name pattern already excludes separators and dots; the real path check also
      // refuses a symbolic link that points out of the folder.
      const path = await realpath(join(root, name));
      if (!path.startsWith(root + sep) || !(await stat(path)).isFile()) return undefined;
      const body = await readFile(path);
      return { body, etag: strongEtag(body), type };
    } catch {
      return undefined;
    }
  }
}

/**
 * GET (and HEAD) /images/<name> inside the content scope: SVG and PNG files of the seed's image
 * folder, with an ETag (the etag plugin answers If-None-Match with 304), a day of caching and a
 * locked-down CSP so an SVG opened directly cannot run script.
 */
export function registerContentImages(scope: FastifyInstance, store: ImageStore): void {
  scope.get("/images/*", async (request, reply) => {
    const name = (request.params as { "*": string })["*"];
    const file = await store.get(name);
    if (!file) throw notFound("Image not found", "image.notFound");
    return reply
      .header("etag", file.etag)
      .header("cache-control", "public, max-age=86400")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .type(file.type)
      .send(file.body);
  });
}
