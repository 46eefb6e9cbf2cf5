// Every action and block id of the stats message. They are in messages already posted: renaming one
// strands the controls of every older post.
export const ACTION_PERIOD = 'vector-stats.period';
export const ACTION_REFRESH = 'vector-stats.refresh';
export const ACTION_DETAILS = 'vector-stats.details';
export const CONTROLS_BLOCK = 'vector-stats.controls';
