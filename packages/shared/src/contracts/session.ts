// Route table: the device session (spec member-app §2), on its own: every page opens one, so
// the web shell imports this file alone, not the identity area and its schemas.
import { DeviceSessionResponseSchema } from '../schemas/identity';
import { defineRoute } from './route';

export const sessionContract = {
  openSession: defineRoute({
    method: 'POST',
    area: 'session',
    path: '/',
    responses: { 200: DeviceSessionResponseSchema },
    errors: ['limit_exceeded'],
    auth: 'none',
    tags: ['session'],
    summary: 'Open or resume a device session (optional `session-id` header)',
  }),
} as const;
