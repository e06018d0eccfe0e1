import type { Panel } from '@clinicpass/shared/constants';
import Box from '@mui/material/Box';

// Our own background artwork (spec §2.4: a gradient plus a picture per panel, different on
// phones), drawn as inline SVG so it needs no image host and no data: URLs under the CSP.

const PALETTE = {
  outpatient: { from: '#FCE4EC', to: '#E3F2FD', accent: '#C2185B', soft: '#F8BBD0' },
  go: { from: '#E0F2F1', to: '#E8EAF6', accent: '#1565C0', soft: '#B3E5FC' },
} as const satisfies Record<Panel, Record<string, string>>;

function WideArt({ panel }: { panel: Panel }) {
  const c = PALETTE[panel];
  const id = `finder-bg-${panel}`;
  return (
    <svg viewBox="0 0 1440 900" preserveAspectRatio="xMidYMid slice" width="100%" height="100%">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={c.from} />
          <stop offset="1" stopColor={c.to} />
        </linearGradient>
      </defs>
      <rect width="1440" height="900" fill={`url(#${id})`} />
      {panel === 'outpatient' ? (
        <g opacity="0.5">
          {/* A stethoscope curve and soft cross tiles. */}
          <path
            d="M120 120c0 220 180 300 300 300s300-80 300-300"
            fill="none"
            stroke={c.soft}
            strokeWidth="28"
            strokeLinecap="round"
          />
          <circle cx="720" cy="110" r="38" fill={c.soft} />
          <circle cx="120" cy="110" r="38" fill={c.soft} />
          <g fill={c.accent} opacity="0.35">
            <path d="M1180 600h60v-60h60v60h60v60h-60v60h-60v-60h-60z" />
            <path d="M1010 760h30v-30h30v30h30v30h-30v30h-30v-30h-30z" />
          </g>
          <circle cx="1250" cy="200" r="140" fill={c.soft} opacity="0.6" />
        </g>
      ) : (
        <g opacity="0.5">
          {/* Rolling hills and a clinic roof line. */}
          <path d="M0 720c240-120 480-120 720 0s480 120 720 0v180H0z" fill={c.soft} />
          <path
            d="M1040 300l160-120 160 120v200h-320z"
            fill="none"
            stroke={c.accent}
            strokeWidth="14"
            opacity="0.4"
          />
          <circle cx="220" cy="220" r="120" fill={c.soft} opacity="0.7" />
        </g>
      )}
    </svg>
  );
}

function PhoneArt({ panel }: { panel: Panel }) {
  const c = PALETTE[panel];
  const id = `finder-bg-phone-${panel}`;
  return (
    <svg viewBox="0 0 400 800" preserveAspectRatio="xMidYMid slice" width="100%" height="100%">
      <defs>
        <radialGradient id={id} cx="0.5" cy="0.1" r="1">
          <stop offset="0" stopColor={c.to} />
          <stop offset="1" stopColor={c.from} />
        </radialGradient>
      </defs>
      <rect width="400" height="800" fill={`url(#${id})`} />
      <g opacity="0.45">
        <circle cx="340" cy="90" r="90" fill={c.soft} />
        <path d="M0 690c100-60 200-60 300 0s100 40 100 40v70H0z" fill={c.soft} />
      </g>
    </svg>
  );
}

/** A full-screen background behind the landing card. */
export function LandingArtwork({ panel }: { panel: Panel }) {
  return (
    <Box aria-hidden sx={{ position: 'fixed', inset: 0, zIndex: -1, pointerEvents: 'none' }}>
      <Box sx={{ display: { xs: 'block', sm: 'none' }, height: '100%' }}>
        <PhoneArt panel={panel} />
      </Box>
      <Box sx={{ display: { xs: 'none', sm: 'block' }, height: '100%' }}>
        <WideArt panel={panel} />
      </Box>
    </Box>
  );
}
