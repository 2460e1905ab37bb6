import net from "node:net";

/** A TCP proxy to a local port whose link can be cut without a word (packets vanish). */
export interface TcpProxy {
  port: number;
  /** Stops forwarding in both directions and holds new connections unanswered (network cut). */
  cut(): void;
  /** Drops the held connections and forwards again (the network is back). */
  heal(): void;
  /**
   * The server behind every open connection is gone without a word (a host rebooted, a failover
   * to another machine): the client learns it only when it next writes, from a reset. New
   * connections are forwarded as usual.
   */
  orphan(): void;
  close(): Promise<void>;
}

/** Starts a proxy on `listenPort` to 127.0.0.1:`targetPort`. */
export async function startTcpProxy(listenPort: number, targetPort: number): Promise<TcpProxy> {
  let isCut = false;
  const pairs = new Set<[net.Socket, net.Socket | undefined]>();
  const orphans = new WeakSet<net.Socket>();
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
      if (orphans.has(client)) client.resetAndDestroy();
      else if (!isCut) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!isCut && !orphans.has(client)) client.write(chunk);
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
    orphan() {
      for (const [client, upstream] of pairs) {
        orphans.add(client);
        // The server side ends quietly; the client is not told.
        upstream?.removeAllListeners("close");
        upstream?.on("close", () => undefined);
        upstream?.destroy();
      }
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
