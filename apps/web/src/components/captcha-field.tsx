import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
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
import { MIN_TOUCH_TARGET } from '../lib/theme';
import { setChallengeDifficulty, solveCaptcha } from '../lib/altcha';
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

type BoxState = 'unverified' | 'verifying' | 'verified';

/**
 * The proof-of-work check (issue 8): an "I'm not a robot" checkbox (a real labelled checkbox,
 * keyboard usable) with our texts in both languages and our own live region for the spec's five
 * errors. The work runs in Web Workers (decision 207), not in the ALTCHA widget.
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
  const hintId = useId();
  const boxId = useId();
  const [state, setState] = useState<BoxState>('unverified');
  const [message, setMessage] = useState<CaptchaMessage | null>(initialMessage);
  const payload = useRef<string | null>(null);
  // The solve under way (ahead of the tap, or for it), which `take` joins rather than repeats.
  const solving = useRef<Promise<string | null> | null>(null);
  const expiry = useRef<number | undefined>(undefined);
  // Bumped as the field goes away or a solve is superseded: an older solve's answer is dropped.
  const generation = useRef(0);
  // What the field does when a solved challenge lapses (set below, once `startSolve` exists).
  const lapse = useRef<() => void>(() => undefined);

  /** Starts a solve, or joins the one under way: the payload, or null if it failed. */
  const startSolve = useCallback((): Promise<string | null> => {
    if (solving.current !== null) return solving.current;
    const mine = generation.current;
    window.clearTimeout(expiry.current);
    payload.current = null;
    setState('verifying');
    setMessage(null);
    const solve = solveCaptcha().then((result) => {
      if (mine !== generation.current) return null;
      solving.current = null;
      if (typeof result === 'string') {
        setState('unverified');
        setMessage(result);
        return null;
      }
      payload.current = result.payload;
      setState('verified');
      // The solved challenge lapses after its lifetime: untick, and solve again quietly
      // (solving ahead) or say so.
      if (result.deadline !== null) {
        expiry.current = window.setTimeout(() => {
          if (mine !== generation.current) return;
          payload.current = null;
          setState('unverified');
          lapse.current();
        }, result.deadline - Date.now());
      }
      return result.payload;
    });
    solving.current = solve;
    return solve;
  }, []);

  useEffect(() => {
    lapse.current = () => {
      if (solveAhead) void startSolve();
      else setMessage('expired');
    };
    if (solveAhead) void startSolve();
    return () => {
      generation.current += 1;
      window.clearTimeout(expiry.current);
      solving.current = null;
      payload.current = null;
    };
  }, [solveAhead, startSolve]);

  const take = useCallback(
    async (difficulty?: number): Promise<string | null> => {
      let solved = payload.current;
      if (difficulty !== undefined) {
        // What was solved is too easy: a challenge of the difficulty asked, solved now.
        await solving.current;
        payload.current = null;
        setChallengeDifficulty(difficulty);
        try {
          solved = await startSolve();
        } finally {
          setChallengeDifficulty(null);
        }
      } else if (solved === null) {
        solved = await startSolve();
      }
      payload.current = null;
      if (solved !== null) {
        // Handed over: good for one request only.
        window.clearTimeout(expiry.current);
        setState('unverified');
      }
      return solved;
    },
    [startSolve],
  );

  const prepare = useCallback(() => {
    if (solveAhead && payload.current === null) void startSolve();
  }, [solveAhead, startSolve]);

  useImperativeHandle(ref, () => ({ take, show: setMessage, prepare }), [take, prepare]);

  const text =
    message === null ? null : message === 'required' ? t('required') : t(`errors.${message}`);

  return (
    <Box
      role="group"
      aria-label={t('group')}
      aria-describedby={hintId}
      sx={{ display: 'grid', gap: 1 }}
    >
      {/* The box and its label: one touch target of at least 44 px, full width at 360 px. */}
      <Box
        component="label"
        htmlFor={boxId}
        data-testid="captcha-box"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          minHeight: MIN_TOUCH_TARGET + 12,
          px: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          cursor: 'pointer',
        }}
      >
        <Box
          component="input"
          type="checkbox"
          id={boxId}
          checked={state !== 'unverified'}
          onChange={() => {
            if (state === 'unverified') void startSolve();
          }}
          sx={{
            width: 24,
            height: 24,
            m: 0,
            flex: 'none',
            accentColor: (theme) => theme.palette.primary.main,
          }}
        />
        <Typography component="span" sx={{ flex: 1 }}>
          {state === 'verified'
            ? t('verified')
            : state === 'verifying'
              ? t('verifying')
              : t('label')}
        </Typography>
      </Box>
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
