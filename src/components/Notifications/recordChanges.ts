/**
 * A notification that arrives live says a record changed (a withdrawal rejected, an order paid…):
 * the screens that show that kind of record refresh themselves instead of staying stale until a
 * reload. The bell announces each item it receives; a screen listens for the records it shows.
 */
import { useEffect, useRef } from 'react';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationRecordType } from '#contract/notifications';

type Listener = (record: NotificationRecordType, kind: NotificationKind) => void;

const listeners = new Set<Listener>();

/** Called by the bell for each item the live stream brings. */
export function announceRecordChange(kind: NotificationKind): void {
  const { record } = NOTIFICATION_KINDS[kind];
  for (const listener of [...listeners]) listener(record, kind);
}

/** Runs `refresh` whenever a live notification concerns one of `records`, while the component is mounted. */
export function useRecordChanges(records: readonly NotificationRecordType[], refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  const key = records.join(',');
  useEffect(() => {
    const watched = new Set(key.split(','));
    const listener: Listener = (record) => {
      if (watched.has(record)) latest.current();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [key]);
}
