// Starts the app after the page's first paint (issue 16, decision 215). The built page's
// prerendered shell (decisions 179, 211) paints without JavaScript; the app's modules, listed in
// data-modules (the entry first, then its modulepreloads), are asked for once that paint is on
// screen, so nothing the first paint does not need loads before it. (Lighthouse's simulation
// counts every script that finished loading before the largest paint as delaying it: ~220 KiB
// over its slow 4G.) A page without a shell, a hidden tab or a browser without paint timing
// starts at once; the timer is a floor for a paint that never comes.
(() => {
  const modules = (document.currentScript?.dataset.modules ?? '').split(' ').filter(Boolean);
  const [entry, ...preloads] = modules;
  if (entry === undefined) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  const root = document.getElementById('root');
  const paintTiming = globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint');
  if (!root?.hasChildNodes() || document.visibilityState !== 'visible' || !paintTiming) {
    start();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
})();
