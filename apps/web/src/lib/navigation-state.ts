import type { Location } from 'react-router';

/**
 * Navigation state that lets the layout show a back button: links that lead deeper into the
 * app pass `state={fromHere(location)}`; a page opened directly (shared link, QR, bookmark) has
 * no `from`, so it shows no back button that would leave the app.
 */
export interface NavigationState {
  from: string;
}

export function fromHere(location: Pick<Location, 'pathname' | 'search'>): NavigationState {
  return { from: `${location.pathname}${location.search}` };
}

/** The previous in-app address carried by navigation state, if any. */
export function readFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  // Only same-app paths: never an absolute URL or a protocol-relative one.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
