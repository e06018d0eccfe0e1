import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';

import { InlineNotification } from './notification';
import { useLanguage } from '../lib/i18n';
import { MIN_TOUCH_TARGET } from '../lib/theme';
import {
  altchaLanguage,
  CHALLENGE_URL,
  loadAltcha,
  setAltchaTexts,
  setChallengeDifficulty,
  takeDeadline,
  takeFetchFailure,
} from '../lib/altcha';
import type { CaptchaMessage } from '../lib/captcha-errors';

/** What a form does with its captcha field. */
export interface CaptchaHandle {
  /**
   * The solved payload for the next request (solving now if the box was not ticked), or null
   * when solving failed (the field then says why). A payload is good for one request: the field
   * is unticked as it is handed over. With a difficulty (a `captcha_required` answer's,
   * decision 150), a challenge of that difficulty is solved now, whatever was solved before.
   */
  take(difficulty?: number): Promise<string | null>;
  /** Shows a message (an error answered by the server, or "please complete the check"). */
  show(message: CaptchaMessage): void;
  /** Solves in the background for the next request (a field that solves ahead; decision 151). */
  prepare(): void;
}

type StateDetail = { state: string; payload?: string | null };
type Solving = { current: Promise<string | null> | null };

/** Starts a solve, or joins the one under way: the payload, or null if it failed. */
function startSolve(widget: AltchaWidgetElement, solving: Solving): Promise<string | null> {
  solving.current ??= widget
    .verify()
    .then(
      (result) => result?.payload ?? null,
      () => null,
    )
    .finally(() => {
      solving.current = null;
    });
  return solving.current;
}

/**
 * The proof-of-work check (issue 8): the ALTCHA widget's "I'm not a robot" checkbox (a real
 * labelled checkbox, keyboard usable), with our own texts in both languages and our own live
 * region for the spec's five errors. Loaded on demand.
 */
export function CaptchaField({
  ref,
  initialMessage = null,
  solveAhead = false,
}: {
  ref?: Ref<CaptchaHandle>;
  /** Shown from the start: `required` when the server has just asked for a check. */
  initialMessage?: CaptchaMessage | null;
  /**
   * Solve as soon as the field opens, and again when the solved challenge lapses, so the
   * check is done before the tap (the member form at the counter; decision 151).
   */
  solveAhead?: boolean;
}) {
  const { t } = useTranslation('captcha');
  const language = useLanguage();
  const hintId = useId();
  const container = useRef<HTMLDivElement>(null);
  // The widget once it is ready (its methods exist after its `load` event); null if it failed.
  const ready = useRef<Promise<AltchaWidgetElement | null>>(Promise.resolve(null));
  const payload = useRef<string | null>(null);
  // The solve under way (ahead of the tap, or for it), which `take` joins rather than repeats.
  const solving = useRef<Promise<string | null> | null>(null);
  const [message, setMessage] = useState<CaptchaMessage | null>(initialMessage);

  // One widget per field (and per language: its texts are read as it starts).
  useEffect(() => {
    let cancelled = false;
    let widget: AltchaWidgetElement | null = null;
    let expiry: number | undefined;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<StateDetail>).detail;
      window.clearTimeout(expiry);
      if (detail.state === 'verified') {
        payload.current = detail.payload ?? null;
        setMessage(null);
        // The solved challenge lapses after its lifetime: say so, and untick.
        const until = takeDeadline();
        if (until !== null) {
          expiry = window.setTimeout(() => {
            payload.current = null;
            widget?.reset();
            // Solving ahead: a fresh challenge, quietly; otherwise the member is told.
            if (solveAhead && widget !== null) void startSolve(widget, solving);
            else setMessage('expired');
          }, until - Date.now());
        }
      } else if (detail.state === 'verifying') {
        payload.current = null;
        setMessage(null);
      } else if (detail.state === 'error' || detail.state === 'expired') {
        payload.current = null;
        setMessage(
          detail.state === 'expired' ? 'expired' : takeFetchFailure() ? 'network' : 'timeout',
        );
        // Our message replaces the widget's popover; the box is ready to tick again.
        queueMicrotask(() => widget?.reset());
      }
    };
    let settle: (widget: AltchaWidgetElement | null) => void = () => undefined;
    ready.current = new Promise((resolve) => {
      settle = resolve;
    });
    loadAltcha()
      .then(() => {
        if (cancelled || container.current === null) {
          settle(null);
          return;
        }
        setAltchaTexts(language, t);
        widget = document.createElement('altcha-widget');
        widget.setAttribute('challenge', CHALLENGE_URL);
        widget.setAttribute('language', altchaLanguage(language));
        widget.setAttribute('name', 'captcha');
        widget.setAttribute('type', 'checkbox');
        widget.setAttribute('auto', 'off');
        widget.addEventListener('statechange', onState);
        const created = widget;
        created.addEventListener('load', () => {
          settle(created);
        });
        container.current.append(created);
        // Already usable (no `load` to come): hand it over now.
        if (typeof (created as Partial<AltchaWidgetElement>).verify === 'function') settle(created);
        if (solveAhead) {
          void ready.current.then((usable) => {
            if (usable !== null && !cancelled) void startSolve(usable, solving);
          });
        }
      })
      .catch(() => {
        settle(null);
      });
    return () => {
      cancelled = true;
      window.clearTimeout(expiry);
      widget?.removeEventListener('statechange', onState);
      widget?.remove();
      settle(null);
      payload.current = null;
      solving.current = null;
    };
  }, [language, t, solveAhead]);

  const take = useCallback(async (difficulty?: number): Promise<string | null> => {
    // Submitted before the widget was ready: wait for it.
    const widget = await ready.current;
    if (widget === null) {
      setMessage('network');
      return null;
    }
    let solved = payload.current;
    if (difficulty !== undefined) {
      // What was solved is too easy: a challenge of the difficulty asked, solved now.
      await solving.current;
      payload.current = null;
      widget.reset();
      setMessage(null);
      setChallengeDifficulty(difficulty);
      try {
        solved = await startSolve(widget, solving);
      } finally {
        setChallengeDifficulty(null);
      }
    } else if (solved === null) {
      setMessage(null);
      solved = await startSolve(widget, solving);
    }
    payload.current = null;
    if (solved !== null) widget.reset();
    return solved;
  }, []);

  const prepare = useCallback(() => {
    if (!solveAhead) return;
    void ready.current.then((widget) => {
      if (widget !== null && payload.current === null) void startSolve(widget, solving);
    });
  }, [solveAhead]);

  useImperativeHandle(ref, () => ({ take, show: setMessage, prepare }), [take, prepare]);

  const text =
    message === null ? null : message === 'required' ? t('required') : t(`errors.${message}`);

  return (
    <Box
      role="group"
      aria-label={t('group')}
      aria-describedby={hintId}
      sx={{
        display: 'grid',
        gap: 1,
        // The widget's box and label: one touch target of at least 44 px, full width at 360 px.
        '--altcha-max-width': '100%',
        '--altcha-checkbox-size': '24px',
        '& .altcha-checkbox-wrap, & .altcha-checkbox-wrap label': {
          minHeight: MIN_TOUCH_TARGET,
          display: 'flex',
          alignItems: 'center',
        },
        '& .altcha-checkbox-wrap label': { flex: 1, cursor: 'pointer' },
      }}
    >
      <div ref={container} data-testid="captcha-widget" />
      <Typography id={hintId} variant="body2" color="text.secondary">
        {t('hint')}
      </Typography>
      {/* Announced as it appears (role="alert"): even the request for a check needs acting on. */}
      <div>
        {text !== null && (
          <InlineNotification
            type={message === 'required' ? 'info' : 'error'}
            live="alert"
            variant="outlined"
          >
            {text}
          </InlineNotification>
        )}
      </div>
    </Box>
  );
}
