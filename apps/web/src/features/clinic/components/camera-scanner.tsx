import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { qrDecoder } from '../lib/qr-decoder';

/** How often a camera frame is read (ms): fast enough for a counter, light on a phone. */
const FRAME_MS = 200;

type CameraProblem = 'denied' | 'none' | 'failed';

function problemOf(error: unknown): CameraProblem {
  if (error instanceof DOMException) {
    if (error.name === 'NotAllowedError' || error.name === 'SecurityError') return 'denied';
    if (error.name === 'NotFoundError' || error.name === 'OverconstrainedError') return 'none';
  }
  return 'failed';
}

const PROBLEM_KEY = {
  denied: 'scan.camera.denied',
  none: 'scan.camera.none',
  failed: 'scan.camera.failed',
} as const;

/**
 * The camera's picture with a QR reader on its frames: started by the staff member, stopped on
 * the first code read (handed to `onRead`), on "stop", and when the screen is left.
 */
export function CameraScanner({ onRead }: { onRead: (text: string) => void }) {
  const { t } = useTranslation('clinic');
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const read = useRef(onRead);
  useEffect(() => {
    read.current = onRead;
  }, [onRead]);

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // An object, not a `let`: the checks below read it after awaits.
    const run = { stopped: false };
    const stopped = () => run.stopped;
    const stop = () => {
      run.stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    void (async () => {
      try {
        // Absent outside a secure context (and in some embedded browsers).
        const devices = navigator.mediaDevices as MediaDevices | undefined;
        if (devices === undefined) {
          throw new DOMException('no camera', 'NotFoundError');
        }
        const [decoder, media] = await Promise.all([
          qrDecoder(),
          devices.getUserMedia({
            video: { facingMode: 'environment' },
            audio: false,
          }),
        ]);
        stream = media;
        const element = video.current;
        if (run.stopped || element === null) {
          stop();
          return;
        }
        element.srcObject = media;
        await element.play();
        const tick = async () => {
          if (stopped()) return;
          const text =
            element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA
              ? await decoder.decode(element).catch(() => null)
              : null;
          if (stopped()) return;
          if (text !== null && text !== '') {
            stop();
            setOn(false);
            read.current(text);
            return;
          }
          timer = setTimeout(() => void tick(), FRAME_MS);
        };
        void tick();
      } catch (error) {
        const left = stopped();
        stop();
        if (!left) {
          setProblem(problemOf(error));
          setOn(false);
        }
      }
    })();
    return stop;
  }, [on]);

  return (
    <Stack spacing={1.5}>
      {on ? (
        <>
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            aria-label={t('scan.camera.preview')}
            data-testid="camera-preview"
            sx={{
              width: '100%',
              maxWidth: 480,
              aspectRatio: '4 / 3',
              bgcolor: 'grey.900',
              borderRadius: 1,
              objectFit: 'cover',
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('scan.camera.hint')}
          </Typography>
          <Button
            variant="outlined"
            onClick={() => {
              setOn(false);
            }}
            sx={{ minHeight: 44, alignSelf: 'flex-start' }}
          >
            {t('scan.camera.stop')}
          </Button>
        </>
      ) : (
        <Button
          variant="contained"
          onClick={() => {
            setProblem(null);
            setOn(true);
          }}
          sx={{ minHeight: 44, alignSelf: 'flex-start' }}
        >
          {t('scan.camera.start')}
        </Button>
      )}
      {problem !== null && (
        <Typography role="alert" color="error">
          {t(PROBLEM_KEY[problem])}
        </Typography>
      )}
    </Stack>
  );
}
