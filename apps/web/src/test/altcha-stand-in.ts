/**
 * A stand-in for the ALTCHA widget in jsdom (no Web Workers, and the real bundle is slow to load
 * in a unit test): the same element name, events and methods, with the outcome of the next
 * `verify()` chosen by the test. The browser journeys use the real widget.
 */
import { challengeDifficulty, markFetchFailure } from '../lib/altcha';

export type StandInOutcome = 'solved' | 'network' | 'timeout';

export const standIn = {
  next: 'solved' as StandInOutcome,
  solved: 0,
  /** The difficulty each `verify()` asked its challenge at (null: the base). */
  difficulties: [] as (number | null)[],
};

class StandInWidget extends HTMLElement {
  private state = 'unverified';

  connectedCallback() {
    const id = `stand-in-${Math.random().toString(16).slice(2)}`;
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.id = id;
    input.addEventListener('change', () => {
      if (input.checked) void this.verify();
    });
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = "I'm not a robot";
    this.append(input, label);
  }

  private setState(state: string, payload: string | null = null) {
    this.state = state;
    const input = this.querySelector('input');
    if (input) input.checked = state === 'verified' || state === 'verifying';
    this.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  }

  getState() {
    return this.state;
  }

  async verify() {
    this.setState('verifying');
    standIn.difficulties.push(challengeDifficulty());
    await Promise.resolve();
    const outcome = standIn.next;
    if (outcome === 'solved') {
      standIn.solved += 1;
      const payload = `stand-in-payload-${standIn.solved}`;
      this.setState('verified', payload);
      return { payload };
    }
    if (outcome === 'network') markFetchFailure();
    this.setState('error');
    return null;
  }

  reset() {
    this.setState('unverified');
  }

  expire() {
    this.setState('expired');
  }
}

export function defineStandIn(): void {
  if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', StandInWidget);
}
