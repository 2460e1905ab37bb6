import { createCipheriv, createDecipheriv, randomBytes, type CipherGCM } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** One AES-256 key of identity documents, named so each file says which key sealed it. */
export interface DocumentKey {
  id: string;
  key: Buffer;
}

/**
 * The keys of identity documents: the first seals new files, every one opens files it sealed
 * (rotation: put the new key first, keep the old ones until their files have expired).
 */
export class DocumentKeyring {
  readonly current: DocumentKey;
  readonly #byId: Map<string, Buffer>;

  constructor(keys: DocumentKey[]) {
    const first = keys[0];
    if (!first) throw new Error("a document keyring needs at least one key");
    this.current = first;
    this.#byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  /** The ids this keyring can open. */
  get ids(): string[] {
    return [...this.#byId.keys()];
  }

  /** A cipher sealing with the current key, and the header to write before its output. */
  seal(): { header: Buffer; cipher: CipherGCM } {
    const iv = randomBytes(IV_BYTES);
    const id = Buffer.from(this.current.id, "utf8");
    const header = Buffer.concat([MAGIC, Buffer.from([id.length]), id, iv]);
    return { header, cipher: createCipheriv("aes-256-gcm", this.current.key, iv) };
  }

  /** `plain` sealed whole with the current key (re-sealing stored files). */
  sealBuffer(plain: Buffer): Buffer {
    const { header, cipher } = this.seal();
    return Buffer.concat([header, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }

  /** The key id of a sealed file's first bytes, or undefined when they are not a sealed file. */
  static keyIdOf(sealed: Buffer): string | undefined {
    if (sealed.length < MAGIC.length + 1 || !sealed.subarray(0, MAGIC.length).equals(MAGIC))
      return undefined;
    const length = sealed[MAGIC.length] as number;
    return sealed.subarray(MAGIC.length + 1, MAGIC.length + 1 + length).toString("utf8");
  }

  /** The plaintext of a sealed file; throws when the key is unknown or the file was altered. */
  open(sealed: Buffer): Buffer {
    const id = DocumentKeyring.keyIdOf(sealed);
    if (id === undefined) throw new Error("not a sealed document");
    const key = this.#byId.get(id);
    if (!key) throw new Error(`document key ${id} is not configured (DOCUMENT_KEYS)`);
    const start = MAGIC.length + 1 + Buffer.byteLength(id);
    const iv = sealed.subarray(start, start + IV_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(start + IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  }
}

/** Start of every sealed file: "Suria Portal Document", format 1. */
const MAGIC = Buffer.from("SPD1");
const IV_BYTES = 12;
/** The GCM tag ends the file. */
export const TAG_BYTES = 16;

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Parses DOCUMENT_KEYS: `id:base64key[,id:base64key...]`, each key 32 bytes (AES-256), ids unique.
 * Returns the keys or a message saying what is wrong.
 */
export function parseDocumentKeys(text: string): DocumentKey[] | string {
  const keys: DocumentKey[] = [];
  for (const entry of text.split(",").map((e) => e.trim())) {
    const colon = entry.indexOf(":");
    const id = colon > 0 ? entry.slice(0, colon) : "";
    if (!KEY_ID.test(id)) return "must be id:base64key entries (ids of letters, digits, - or _)";
    const key = Buffer.from(entry.slice(colon + 1), "base64");
    if (key.length !== 32) return `key ${id} must be 32 bytes in base64 (openssl rand -base64 32)`;
    if (keys.some((k) => k.id === id)) return `key id ${id} is given twice`;
    keys.push({ id, key });
  }
  return keys;
}

/**
 * Development only: the key of `dataDir/document-key`, made on first use (mode 0600 in a 0700
 * folder), so documents stay readable across restarts without any setting. Production refuses
 * to start without DOCUMENT_KEYS instead (lib/env.ts).
 */
export async function developmentKey(dataDir: string): Promise<DocumentKey> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, "document-key");
  const made = `dev-${randomBytes(4).toString("hex")}:${randomBytes(32).toString("base64")}`;
  try {
    await writeFile(file, `${made}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  await chmod(file, 0o600);
  const parsed = parseDocumentKeys((await readFile(file, "utf8")).trim());
  if (typeof parsed === "string") throw new Error(`${file}: ${parsed}`);
  return parsed[0] as DocumentKey;
}
