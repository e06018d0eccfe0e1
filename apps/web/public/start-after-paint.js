/* global document, requestAnimationFrame, window, Element */
// Starts a shell's held scripts (<template id="cp-start">) on its first contentful paint; why:
// build/scripts-after-first-paint.ts and decision 228. Shipped as is: kept short.
(function () {
  // A language switch tapped on the shell, before the app runs, is remembered as the app would
  // (lib/language.ts storeLanguage: localStorage "lang").
  document.addEventListener(
    'click',
    function (event) {
      var link = event.target instanceof Element ? event.target.closest('a[data-language]') : null;
      if (link === null) return;
      try {
        window.localStorage.setItem('lang', link.getAttribute('data-language'));
      } catch {
        // Storage refused: the browser's language is used, as in the app.
      }
    },
    true,
  );
  var held = document.getElementById('cp-start');
  if (held === null) return;
  function start() {
    held.remove();
    var tags = held.content.children;
    for (var index = 0; index < tags.length; index += 1) {
      var tag = tags[index];
      var copy = document.createElement(tag.localName);
      for (var a = 0; a < tag.attributes.length; a += 1) {
        copy.setAttribute(tag.attributes[a].name, tag.attributes[a].value);
      }
      document.head.appendChild(copy);
    }
  }
  var started = false;
  function once() {
    if (started) return;
    started = true;
    start();
  }
  var paintTiming =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  if (document.visibilityState !== 'visible') {
    once();
  } else if (paintTiming) {
    new PerformanceObserver(function (list, observer) {
      var entries = list.getEntriesByName('first-contentful-paint');
      if (entries.length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(once, 3000);
  } else {
    requestAnimationFrame(function () {
      setTimeout(once, 0);
    });
  }
})();
