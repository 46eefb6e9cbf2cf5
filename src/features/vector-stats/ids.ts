// Every action and block id of the stats message. They are in messages already posted: renaming one
// strands the controls of every older post.
export const ACTION = {
  period: 'vector-stats.period',
  refresh: 'vector-stats.refresh',
  details: 'vector-stats.details',
} as const;

export const BLOCK = { controls: 'vector-stats.controls' } as const;
