import { PANELS, type Panel } from '@clinicpass/shared/constants';

export type { Panel };

/** The panel keyed by policy number with member prices (DESIGN "Panels"). */
export const PRIMARY_PANEL: Panel = PANELS.primary;

/** Whether a route segment names one of the two panels. */
export function isPanel(value: string | undefined): value is Panel {
  return Object.values(PANELS).some((panel) => panel === value);
}
