// The service worker (issue 24 §4, decision 040), hand-written: what it does fits on one screen.
// - The shell: the offline page and the icons are kept on install; the build's hashed assets (/assets/…, never
//   changed once written) are kept as they are fetched, so the app's code is there without the network.
// - Pages always come from the network (they carry the person's data, rendered by the server); when there is none,
//   the offline page says so in English and Georgian.
// - Never kept: /api/ answers, uploads, chat files — anything private or changing.
// - Updates: a new deploy's sw.js (served no-cache) installs, takes over at once and drops the old caches.
// - Push: shows the server's small payload and opens (or focuses) its screen on click.
const VERSION = 'v1';
const SHELL = `shell-${VERSION}`;
const ASSETS = `assets-${VERSION}`;
const SHELL_FILES = ['/offline.html', '/favicon.svg', '/icon-192.png', '/manifest.webmanifest'];
const MAX_ASSETS = 80;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((c) => c.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== ASSETS).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(k);
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    event.respondWith(fetch(req).catch(() => caches.match('/offline.html')));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(ASSETS).then(async (cache) => {
        const hit = await cache.match(req);
        if (hit) return hit;
        const res = await fetch(req);
        if (res.ok) {
          await cache.put(req, res.clone());
          void trim(cache);
        }
        return res;
      }),
    );
    return;
  }
  if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(fetch(req).catch(() => caches.match(req)));
  }
  // Everything else (/api/, /uploads/, chat files): the network only, never stored.
});

self.addEventListener('push', (event) => {
  let data = { title: 'Influence', body: '', link: '/notifications', tag: 'influence' };
  try {
    data = { ...data, ...event.data.json() };
  } catch {}
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag,
      renotify: true,
      icon: '/icon-192.png',
      badge: '/icon-maskable-192.png',
      data: { link: data.link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL(event.notification.data?.link || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.navigate(link).then((w) => (w || open).focus());
      return self.clients.openWindow(link);
    }),
  );
});
