import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the test server received it. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** Handles one request; `body` is the fully read request body. */
export type Handler = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1 with an ephemeral port, recording every request. */
export interface TestServer {
  url: string;
  requests: ReceivedRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** Starts a node:http server on 127.0.0.1:0. */
export async function startServer(initial?: Handler): Promise<TestServer> {
  let handler: Handler = initial ?? ((_req, res) => json(res, 200, { response: null }));
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const received: ReceivedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(received);
      Promise.resolve(handler(received, res)).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Writes a JSON answer. */
export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** A port that nothing listens on (a server was bound to it, then closed). */
export async function closedPort(): Promise<string> {
  const server = await startServer();
  await server.close();
  return server.url;
}

/** An in-memory Storage (the Web Storage interface), standing in for localStorage in Node. */
export class MemoryStorage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  clear(): void {
    this.#items.clear();
  }
  keys(): string[] {
    return [...this.#items.keys()];
  }
}
