import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  HELP_WIDGET_SCRIPT_ID,
  HELP_WIDGET_TIMEOUT_MS,
  resetHelpWidget,
  type HelpWidgetApi,
} from '../lib/help-widget';
import { i18n } from '../lib/i18n';

import { HelpButton } from './help-button';

const SETTINGS = {
  scriptUrl: 'https://widget.example/snippet.js',
  key: 'abc 123',
  customerServicePhone: '+852 2000 0000',
};

interface WidgetWindow {
  zE?: HelpWidgetApi;
}

function renderButton() {
  return render(
    <I18nextProvider i18n={i18n}>
      <HelpButton settings={SETTINGS} />
    </I18nextProvider>,
  );
}

/** The stand-in widget: what its script would define once loaded, recording every command. */
function standInWidget() {
  const calls: unknown[][] = [];
  const zE: HelpWidgetApi = (...args) => {
    calls.push(args);
  };
  return { zE, calls };
}

beforeEach(async () => {
  vi.useFakeTimers();
  resetHelpWidget();
  document.getElementById(HELP_WIDGET_SCRIPT_ID)?.remove();
  delete (window as WidgetWindow).zE;
  await i18n.changeLanguage('en');
});

afterEach(async () => {
  vi.useRealTimers();
  delete (window as WidgetWindow).zE;
  await i18n.changeLanguage('en');
});

describe('help widget', () => {
  it('loads nothing until the help button is pressed, then adds the script with its key', () => {
    renderButton();
    expect(document.getElementById(HELP_WIDGET_SCRIPT_ID)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Customer support' }));
    const script = document.getElementById(HELP_WIDGET_SCRIPT_ID) as HTMLScriptElement;
    expect(script.src).toBe('https://widget.example/snippet.js?key=abc+123');
    expect(screen.getByRole('button', { name: 'Opening customer support…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('opens the widget in en-US once it is ready, and switches it to zh-tw with the page', async () => {
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Customer support' }));
    const widget = standInWidget();
    // Not ready for the first 2 seconds: nothing is called, the button waits.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(widget.calls).toEqual([]);
    (window as WidgetWindow).zE = widget.zE;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(widget.calls.slice(0, 3)).toEqual([
      ['webWidget', 'setLocale', 'en-US'],
      ['webWidget', 'show'],
      ['webWidget', 'open'],
    ]);
    expect(widget.calls.filter((call) => call[1] === 'setLocale')).not.toContainEqual([
      'webWidget',
      'setLocale',
      'zh-tw',
    ]);

    widget.calls.length = 0;
    await act(async () => {
      await i18n.changeLanguage('zh-HK');
    });
    expect(widget.calls).toEqual([['webWidget', 'setLocale', 'zh-tw']]);

    // Pressed again: opened again, in Chinese, with no second script.
    widget.calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: '客戶支援' }));
    expect(widget.calls).toContainEqual(['webWidget', 'open']);
    expect(widget.calls).toContainEqual(['webWidget', 'setLocale', 'zh-tw']);
    expect(document.querySelectorAll(`#${HELP_WIDGET_SCRIPT_ID}`)).toHaveLength(1);
  });

  it('polls every 250 ms: ready at 29.9 s still opens', async () => {
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Customer support' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HELP_WIDGET_TIMEOUT_MS - 500);
    });
    const widget = standInWidget();
    (window as WidgetWindow).zE = widget.zE;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(widget.calls).toContainEqual(['webWidget', 'open']);
  });

  it('falls back quietly to a contact link when the widget is never ready in 30 s', async () => {
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Customer support' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HELP_WIDGET_TIMEOUT_MS - 250);
    });
    expect(screen.queryByRole('link', { name: 'Contact us' })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      'tel:+85220000000',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Live help is not available right now. Call customer service at +852 2000 0000.',
    );
    expect(screen.queryByRole('button', { name: 'Customer support' })).toBeNull();
    // A widget arriving later changes nothing: polling has stopped.
    const widget = standInWidget();
    (window as WidgetWindow).zE = widget.zE;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(widget.calls).toEqual([]);
  });
});
