// Every action id of the accounts summary. They are in messages already sent: renaming one strands
// the buttons of every older summary.
export const ACTION_SHOW_MORE = 'accounts.more';
export const ACTION_SHARE = 'accounts.share';
