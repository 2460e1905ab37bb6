// Child process of bench/leads-pgbench.mjs: the floor of a 429 on this machine, a bare node:http
// server answering every request with the services' 429 (the same status, headers and body, no
// framework, no routing, no counters). It reports its URL over IPC and answers "cpu" (user +
// system µs so far) and "stop".
import { createServer } from "node:http";

const body = JSON.stringify({
  statusCode: 429,
  error: "Too Many Requests",
  message: "Too many requests, retry in 60 s",
  code: "rateLimit.exceeded",
});
const headers = [
  ...["vary", "Origin", "access-control-expose-headers", "ETag, Retry-After, X-Request-Id"],
  ...["x-ratelimit-limit", "30", "x-ratelimit-remaining", "0", "x-ratelimit-reset", "60"],
  ...["retry-after", "60", "x-request-id", "00000000-0000-4000-8000-000000000000"],
  ...["content-type", "application/json; charset=utf-8"],
  ...[
    "content-security-policy",
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'",
  ],
  ...["cross-origin-opener-policy", "same-origin", "cross-origin-resource-policy", "cross-origin"],
  ...["origin-agent-cluster", "?1", "referrer-policy", "no-referrer"],
  ...["x-content-type-options", "nosniff", "x-dns-prefetch-control", "off"],
  ...["x-download-options", "noopen", "x-frame-options", "SAMEORIGIN"],
  ...["x-permitted-cross-domain-policies", "none", "x-xss-protection", "0"],
  ...["content-length", String(body.length)],
];
const server = createServer({ keepAliveTimeout: 5000 }, (_request, response) => {
  response.writeHead(429, headers);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  process.send({ base: `http://127.0.0.1:${server.address().port}`, pid: process.pid });
});
process.on("message", (message) => {
  if (message === "cpu") {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system });
  } else if (message === "stop") {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  }
});
