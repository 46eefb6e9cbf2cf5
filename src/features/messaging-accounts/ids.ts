// Every action id of the accounts summary. They are in messages already sent: renaming one strands
// the buttons of every older summary.
export const ACTION = { showMore: 'accounts.more', share: 'accounts.share' } as const;
