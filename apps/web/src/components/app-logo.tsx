import { useId } from 'react';

export const LOGO_WIDTH = 108;
const LOGO_HEIGHT = 32;

/**
 * The ClinicPass mark: a pink tile with a white cross, and the word mark. Our own drawing; it is
 * decorative here (`aria-hidden`) because the link around it carries the accessible name.
 */
export function AppLogo() {
  const gradientId = useId();
  return (
    <svg
      width={LOGO_WIDTH}
      height={LOGO_HEIGHT}
      viewBox={`0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}`}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#E0457B" />
          <stop offset="1" stopColor="#AD1457" />
        </linearGradient>
      </defs>
      <rect x="0" y="2" width="28" height="28" rx="7" fill={`url(#${gradientId})`} />
      <path d="M11.5 8h5v5.5H22v5h-5.5V24h-5v-5.5H6v-5h5.5z" fill="#FFFFFF" />
      <text
        x="35"
        y="21"
        textLength="72"
        lengthAdjust="spacingAndGlyphs"
        fontSize="14"
        fontWeight="700"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fill="#1F1F24"
      >
        Clinic<tspan fill="#C2185B">Pass</tspan>
      </text>
    </svg>
  );
}
