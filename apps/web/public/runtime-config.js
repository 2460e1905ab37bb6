// Run-time configuration of the portal, read before the app starts. Replace this file on a
// deployment to point the portal at other services without rebuilding. Every key is optional:
//   apiBaseUrl: origin + prefix under which each service lives at /<service> (e.g. https://api.example.com)
//   services:   per-service base URL, overriding apiBaseUrl, e.g. { content: "https://cms.example.com" }
// Unset keys fall back to the build-time VITE_* variables, then to http://localhost:4000/<service>.
window.__PORTAL_CONFIG__ = window.__PORTAL_CONFIG__ || {};
