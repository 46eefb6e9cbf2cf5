// Every id the watches feature puts in a Slack payload, in one place: what a click or a
// submission carries back, so renaming one here renames it for the listener too.

/** The alert's buttons and the list's Edit button; each carries the watch's number as its value. */
export const ACTION = {
  edit: 'watch.edit',
  snoozeHour: 'watch.snooze_hour',
  snoozeMorning: 'watch.snooze_morning',
  mute: 'watch.mute',
  unmute: 'watch.unmute',
  openStats: 'watch.open_stats',
  /** The alert's Acknowledge; its value is the incident's number, not the watch's. */
  acknowledge: 'watch.acknowledge',
} as const;

/** The watch form, new or edit. */
export const VIEW = { watch: 'watch.create' } as const;

/** The form's inputs: each block's id is also its element's action id. */
export const BLOCK = {
  index: 'watch_index',
  metric: 'watch_metric',
  direction: 'watch_direction',
  threshold: 'watch_threshold',
  forChecks: 'watch_for',
  channel: 'watch_channel',
  note: 'watch_note',
  notifyUsers: 'watch_notify_users',
  notifyGroups: 'watch_notify_groups',
  remind: 'watch_remind',
  /** The alert's actions block, one per watch. */
  alertActions: (watchId: number) => `watch_alert_${watchId}`,
} as const;
