// Notifications (spec §3: id, type, body, timeout): banners raised by the app itself, such as a
// failed member look-up (5000 ms). They share the announcement stack.
import { useSyncExternalStore } from 'react';

import type { StackedNotificationData } from '../components/notification';

/** Spec §3 notification: `{ id, type, body, timeout }` (shown by `StackedNotification`). */
export type Notification = StackedNotificationData;

let notifications: readonly Notification[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

export function notify(notification: Omit<Notification, 'id'>): string {
  counter += 1;
  const id = `notification-${counter}`;
  notifications = [...notifications, { ...notification, id }];
  emit();
  return id;
}

export function dismissNotification(id: string): void {
  notifications = notifications.filter((n) => n.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useNotifications(): readonly Notification[] {
  return useSyncExternalStore(
    subscribe,
    () => notifications,
    () => notifications,
  );
}
