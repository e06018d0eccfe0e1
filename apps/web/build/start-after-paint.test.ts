// public/start-after-paint.js (decision 228), run in jsdom as the page runs it: when it starts
// the held scripts, and what it remembers of a language switch tapped before the app runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import STARTER from '../public/start-after-paint.js?raw';
import { HELD_SCRIPTS_ID } from './scripts-after-first-paint';

/** A shell holding its entry script, then the starter run; `hidden`: a background page. */
function runStarter(visibility: DocumentVisibilityState = 'visible'): void {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  document.head.innerHTML = '';
  document.body.innerHTML =
    '<div id="root"><a href="/zh-hk" data-language="zh-HK">繁體中文</a></div>' +
    `<template id="${HELD_SCRIPTS_ID}">` +
    '<script type="module" crossorigin src="/assets/entry.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/step.js"></template>';
  // The starter is a classic script of the page: its own scope, the page's globals.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the shipped file, as is
  const run = new Function(STARTER) as () => void;
  run();
}

const started = () => ({
  entry: document.head.querySelector('script[type="module"]')?.getAttribute('src') ?? null,
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  ),
  held: document.getElementById(HELD_SCRIPTS_ID) !== null,
});

/** The held scripts, in the head, and the template gone. */
const ALL_STARTED = { entry: '/assets/entry.js', preloads: ['/assets/step.js'], held: false };

describe('the page starter', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    // jsdom has no paint timing: the starter waits for a frame.
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts a background page’s scripts at once: it paints nothing until shown', () => {
    runStarter('hidden');
    expect(started()).toEqual(ALL_STARTED);
  });

  it('starts a shell’s scripts only after its first frame', () => {
    runStarter();
    expect(started()).toEqual({ entry: null, preloads: [], held: true });
    for (const frame of frames) frame(0);
    vi.runAllTimers();
    expect(started()).toEqual(ALL_STARTED);
  });

  it('remembers a language switch tapped before the app runs', () => {
    runStarter();
    localStorage.removeItem('lang');
    document
      .querySelector<HTMLAnchorElement>('a[data-language]')
      ?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(localStorage.getItem('lang')).toBe('zh-HK');
  });
});
