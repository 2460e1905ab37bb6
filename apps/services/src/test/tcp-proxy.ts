import net from "node:net";

/** A TCP proxy to a local port whose link can be cut without a word (packets vanish). */
export interface TcpProxy {
  port: number;
  /** Stops forwarding in both directions and holds new connections unanswered (network cut). */
  cut(): void;
  /** Drops the held connections and forwards again (the network is back). */
  heal(): void;
  close(): Promise<void>;
}

/** Starts a proxy on `listenPort` to 127.0.0.1:`targetPort`. */
export async function startTcpProxy(listenPort: number, targetPort: number): Promise<TcpProxy> {
  let isCut = false;
  const pairs = new Set<[net.Socket, net.Socket | undefined]>();
  const server = net.createServer((client) => {
    const pair: [net.Socket, net.Socket | undefined] = [client, undefined];
    pairs.add(pair);
    client.on("error", () => undefined);
    client.on("close", () => {
      pair[1]?.destroy();
      pairs.delete(pair);
    });
    if (isCut) return; // held: nothing ever answers
    const upstream = net.connect(targetPort, "127.0.0.1");
    pair[1] = upstream;
    upstream.on("error", () => client.destroy());
    upstream.on("close", () => client.destroy());
    client.on("data", (chunk) => {
      if (!isCut) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!isCut) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  return {
    port: listenPort,
    cut() {
      isCut = true;
    },
    heal() {
      isCut = false;
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      pairs.clear();
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
