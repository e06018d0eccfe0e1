/* global document, requestAnimationFrame */
// Starts the page's scripts once its prerendered shell is painted (decision 228). The build holds
// the entry's module script and its modulepreloads in <template id="cp-start"> (inert: nothing in
// a template is fetched or run); this puts copies of them into the head once the browser reports
// the first contentful paint, so that paint never waits for, or shares the network with, scripts
// it does not need. A page that is not visible (opened in the background) paints nothing until it
// is shown: it starts at once.
(function () {
  function start() {
    var held = document.getElementById('cp-start');
    if (held === null) return;
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
    // The browser's own word that the shell is on screen (a frame's callbacks run before its
    // paint, but the first frame may be held back and painted later).
    new PerformanceObserver(function (list, observer) {
      var entries = list.getEntriesByName('first-contentful-paint');
      if (entries.length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
    // A page that paints nothing contentful still starts.
    setTimeout(once, 3000);
  } else {
    requestAnimationFrame(function () {
      setTimeout(once, 0);
    });
  }
})();
