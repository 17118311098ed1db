// The static site's service worker (written into the site by static/site.py): the lessons keep
// opening and playing once the web server is gone. Once active it stores every file a lesson
// needs (PRECACHE, listed by the build) in the browser's cache; every GET of the site is then
// answered from that cache first, and anything else the site fetches is kept as it arrives.
// The storing runs after activation, not during install: the kernel's file requests need the
// worker active from the start. It waits until the site has asked for nothing for QUIET_MS: by
// then the files the lesson loaded are already kept (each response is stored as it is answered),
// so the storing fetches only the rest, and it does not compete with the lesson's start. A new
// build changes VERSION, so the browser installs the new worker, which drops the old cache and
// stores the new files.
// JupyterLite registers `service-worker.js` for its own work (the kernel's file and input
// requests, the heartbeat): its worker is imported below and keeps answering those. Ours is
// wrapped in a function: both scripts share one global scope, and JupyterLite's declares names
// such as CACHE at its top level.
(() => {
"use strict";

const VERSION = "__CARDLAB_VERSION__";
const PRECACHE = __CARDLAB_PRECACHE__;
const PREFIX = "cardlab-site-";
const CACHE = PREFIX + VERSION;
const JUPYTERLITE_PATHS = ["/api/drive", "/api/stdin/", "/api/service-worker-heartbeat"];

function ours(request) {
  const url = new URL(request.url);
  return request.method === "GET" && url.origin === self.location.origin
    && !JUPYTERLITE_PATHS.some((path) => url.pathname.includes(path));
}

async function store() {
  const cache = await caches.open(CACHE);
  const held = new Set((await cache.keys()).map((request) => request.url));
  const missing = PRECACHE.map((path) => new URL(path, self.registration.scope).href)
                          .filter((address) => !held.has(address));
  // "no-cache": revalidate with the server, so a file the page just loaded costs a 304, and a
  // stale copy in the HTTP cache never enters a new build's cache
  await cache.addAll(missing.map((address) => new Request(address, { cache: "no-cache" })));
}

// Once per start of this worker until it succeeds (a failure, the server gone half-way, is
// tried again after the next request); a request's waitUntil keeps the worker alive meanwhile.
const QUIET_MS = 3000;
let stored = false;
let storing = null;
let quiet = null;
let waiting = null;
let storingDone = null;
function fill() {
  if (stored) return Promise.resolve();
  if (!storing) {
    storing = store().then(() => { stored = true; }, () => {}).finally(() => { storing = null; });
  }
  return storing;
}

// The storing starts QUIET_MS after the last request; every caller waits for that storing.
function fillWhenQuiet() {
  if (stored) return Promise.resolve();
  if (!waiting) waiting = new Promise((resolve) => { storingDone = resolve; });
  clearTimeout(quiet);
  quiet = setTimeout(() => {
    const done = storingDone;
    waiting = null;
    fill().then(done);
  }, QUIET_MS);
  return waiting;
}

async function dropOld() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
                         .map((name) => caches.delete(name)));
}

// A folder's address is answered by its index.html, as a static server does: the site's root,
// and a lesson's `X.ipynb` link, which is first sent on to `X.ipynb/` so that the forward's
// relative links resolve as they would with the server.
async function answer(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  const address = url.href;
  const hit = await cache.match(address) || (address.endsWith("/") && await cache.match(address + "index.html"));
  if (hit) return hit;
  if (!address.endsWith("/") && await cache.match(address + "/index.html")) {
    return Response.redirect(address + "/" + new URL(request.url).search, 301);
  }
  const response = await fetch(request);
  if (response.ok && !response.redirected && response.type === "basic") {
    await cache.put(address, response.clone());
  }
  return response;
}

self.addEventListener("activate", (event) => event.waitUntil(dropOld().then(() => { fillWhenQuiet(); })));
self.addEventListener("fetch", (event) => {
  event.waitUntil(fillWhenQuiet());
  if (!ours(event.request)) return;
  event.stopImmediatePropagation();
  event.respondWith(answer(event.request));
});
})();

importScripts("./jupyterlite-service-worker.js");
