/** A failed delivery attempt, with a reason safe to log and store (no address, no text). */
export class DeliveryError extends Error {
  constructor(readonly reason: string) {
    super(`delivery failed: ${reason}`);
    this.name = 'DeliveryError';
  }
}
