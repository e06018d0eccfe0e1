import { keyframes } from '@emotion/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import SvgIcon from '@mui/material/SvgIcon';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { MIN_TOUCH_TARGET } from '../lib/theme';

/** The four variants of a notification (spec §3 notification type). */
export type NotificationType = 'info' | 'error' | 'warning' | 'success';

/** A stacked notification (spec §3): `timeout` in ms; without one it stays until dismissed. */
export interface StackedNotificationData {
  id: string;
  type: NotificationType;
  body: string;
  timeout?: number | undefined;
}

/** Spec §9: banners have elevation 2 and a shrinking progress bar. */
export const NOTIFICATION_ELEVATION = 2;

const shrink = keyframes`
  from { transform: scaleX(1); }
  to { transform: scaleX(0); }
`;

function CloseIcon() {
  return (
    <SvgIcon fontSize="small">
      <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12 19 6.41Z" />
    </SvgIcon>
  );
}

export interface InlineNotificationProps {
  type: NotificationType;
  children: ReactNode;
  /** Adds a dismiss button (labelled) that calls it; also called when `timeout` runs out. */
  onDismiss?: (() => void) | undefined;
  /** Milliseconds until `onDismiss` is called, shown as a shrinking bar. */
  timeout?: number | undefined;
  /**
   * How a screen reader hears it: errors interrupt (`alert`), the rest wait their turn
   * (`status`); `none` for standing notes that are part of the page, not news.
   */
  live?: 'alert' | 'status' | 'none';
  variant?: 'standard' | 'outlined' | 'filled';
  id?: string;
  testId?: string;
}

/**
 * The one notification of the app, inline in the page: info, error, warning or success, with an
 * optional labelled dismiss button and an optional timeout shown as a shrinking bar.
 */
export function InlineNotification({
  type,
  children,
  onDismiss,
  timeout,
  live = type === 'error' ? 'alert' : 'status',
  variant = 'standard',
  id,
  testId,
}: InlineNotificationProps) {
  const { t } = useTranslation();
  // The latest callback, so a re-render does not restart the timer.
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  useEffect(() => {
    if (timeout === undefined) return undefined;
    const timer = window.setTimeout(() => dismissRef.current?.(), timeout);
    return () => {
      window.clearTimeout(timer);
    };
  }, [timeout]);

  return (
    <Alert
      severity={type}
      variant={variant}
      // MUI's Alert falls back to role="alert" when none is given: a standing note is a `note`.
      role={live === 'none' ? 'note' : live}
      {...(id === undefined ? {} : { id })}
      {...(testId === undefined ? {} : { 'data-testid': testId })}
      action={
        onDismiss === undefined ? undefined : (
          <IconButton
            aria-label={t('notification.dismiss')}
            color="inherit"
            onClick={onDismiss}
            sx={{ minWidth: MIN_TOUCH_TARGET, minHeight: MIN_TOUCH_TARGET, mt: -1 }}
          >
            <CloseIcon />
          </IconButton>
        )
      }
      sx={{
        position: 'relative',
        overflow: 'hidden',
        alignItems: 'flex-start',
        '& .MuiAlert-action': { pt: 0.5 },
      }}
    >
      {children}
      {timeout !== undefined && (
        <Box
          aria-hidden
          data-testid="notification-progress"
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            height: 4,
            bgcolor: variant === 'filled' ? 'common.white' : `${type}.main`,
            transformOrigin: 'left',
            animation: `${shrink} ${timeout}ms linear forwards`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      )}
    </Alert>
  );
}

/** A notification of a stack (announcements, the app's own messages): raised, elevation 2. */
export function StackedNotification({
  notification,
  onDismiss,
  live,
  testId,
}: {
  notification: StackedNotificationData;
  onDismiss?: (() => void) | undefined;
  live?: InlineNotificationProps['live'];
  testId?: string;
}) {
  return (
    <Paper elevation={NOTIFICATION_ELEVATION} sx={{ overflow: 'hidden' }}>
      <InlineNotification
        type={notification.type}
        onDismiss={onDismiss}
        timeout={notification.timeout}
        {...(live === undefined ? {} : { live })}
        {...(testId === undefined ? {} : { testId })}
      >
        {notification.body}
      </InlineNotification>
    </Paper>
  );
}
