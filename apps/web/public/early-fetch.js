// The first calls of a page, started while the app's JavaScript downloads. A classic deferred
// script: it runs right after /runtime-config.js (so run-time base URLs apply), before the app.
// It wraps window.fetch: when the app asks for one of these URLs with GET, it gets the response
// already in flight instead of a second request. Each is used once; unused ones are dropped
// after 15 s. It also modulepreloads the page's lazy chunks (route, catalog) named in data-chunks.
// The base URLs follow src/shared/env.ts (build-time values come from data-build); vite.config.ts
// writes both attributes.
(function () {
  var runtime = window.__PORTAL_CONFIG__ || {};
  var data = (document.currentScript && document.currentScript.dataset) || {};
  var parse = function (json) {
    try {
      return JSON.parse(json || "{}");
    } catch {
      return {};
    }
  };
  var build = parse(data.build);
  var chunks = parse(data.chunks); // lazy chunks of the first page (production build only)
  var preloadChunk = function (href) {
    if (!href) return;
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.appendChild(link);
  };
  var trim = function (url) {
    return url.replace(/\/+$/, "");
  };
  var base = function (service) {
    var explicit = (runtime.services && runtime.services[service]) || build[service];
    if (explicit) return trim(explicit);
    return trim(runtime.apiBaseUrl || build.apiBaseUrl || "http://localhost:4000") + "/" + service;
  };
  var lang = new URLSearchParams(location.search).get("language");
  if (lang !== "bm" && lang !== "en") {
    try {
      lang = localStorage.getItem("portal.language");
    } catch {
      lang = null;
    }
  }
  if (lang !== "bm" && lang !== "en") lang = "bm";

  var content = base("content") + "/api/v1";
  var urls = [
    base("config") + "/",
    content + "/static/highlight/" + lang + "/announcement",
    content + "/static/highlight/" + lang + "/promotion",
  ];
  var path = location.pathname;
  preloadChunk(chunks[lang]);
  if (path === "/") {
    preloadChunk(chunks.home);
    urls.push(
      content + "/home/all?lang=" + lang,
      content + "/static/content/" + lang + "/get-fibre-combo-list",
      content + "/static/content/" + lang + "/get-tv-combo-list",
    );
  }
  var channel = /^\/channels\/([\w-]+)\/?$/.exec(path);
  var channelUrl = channel ? content + "/channel/" + lang + "/" + channel[1] : undefined;
  if (channelUrl) {
    preloadChunk(chunks.channel);
    urls.push(channelUrl);
  }

  var realFetch = window.fetch.bind(window);
  var early = new Map(); // url -> response promise, until the app takes it
  var taken = new Set(); // urls the app already took (never fetched twice)
  var start = function (url) {
    if (early.has(url) || taken.has(url)) return;
    var response = realFetch(url, { credentials: "omit" });
    response.catch(function () {}); // a failure is the app's to see, as if it had fetched itself
    early.set(url, response);
  };
  // Starting a fetch costs the main thread a few milliseconds on a phone: the shell's calls
  // (configuration, banners) start in this task, the page's own in the next one, so neither task
  // is long enough to block input (Total Blocking Time). The app never waits for the second task:
  // asking for one of its URLs starts it at once.
  var shellUrls = urls.slice(0, 3);
  var pageUrls = urls.slice(3);
  shellUrls.forEach(start);
  setTimeout(function () {
    pageUrls.forEach(start);
  }, 0);
  // The channel's logo is the page's largest image: fetch it as soon as its path is known.
  if (channelUrl) {
    start(channelUrl);
    early
      .get(channelUrl)
      .then(function (response) {
        return response.ok ? response.clone().json() : undefined;
      })
      .then(function (body) {
        var logo = body && body.response && body.response.logo;
        if (!logo) return;
        var link = document.createElement("link");
        link.rel = "preload";
        link.as = "image";
        link.href = new URL(logo, base("content")).href;
        document.head.appendChild(link);
      })
      .catch(function () {});
  }
  setTimeout(function () {
    early.clear();
    pageUrls.forEach(function (url) {
      taken.add(url);
    });
  }, 15000);

  window.fetch = function (input, init) {
    var request = input instanceof Request ? input : undefined;
    var url = request ? request.url : String(input);
    var method = ((init && init.method) || (request && request.method) || "GET").toUpperCase();
    if (method === "GET" && pageUrls.indexOf(url) >= 0) start(url);
    var pending = method === "GET" ? early.get(url) : undefined;
    if (!pending) return realFetch(input, init);
    early.delete(url);
    taken.add(url);
    return pending;
  };
})();
