// The sandbox's own words (`help`, and which first words it takes itself): read by the sandbox and by
// `npm run slack`, which sends any other line to opsbot as `/ops …`.

export const SANDBOX_HELP = [
  'In the sandbox you play someone in the simulated workspace:',
  '  /ops <words>            type a slash command; @names and #channels become mentions, as in Slack',
  '  as @<person> [<line>]   be someone else, from now on or for one line',
  '  in #<channel> [<line>]  go to another channel, from now on or for one line',
  '  click <label>           press a button: on your modal, a message only you see, this channel,',
  '                          anywhere opsbot posted, then your Home tab (newest first)',
  '  pick <option>           choose a menu option the same way, e.g. pick 7d',
  '  fill <field> <value>    fill a field of your open modal (several values: a, b)',
  '  submit                  press the modal’s submit button;  close: close it',
  '  home                    open opsbot’s Home tab',
  '  wait <10m|2h|1d>        move the simulated clock on; opsbot’s timers (watch checks, digests) tick',
  '  clock                   the simulated time;  who: the people and channels here',
  '  help                    this list;  exit (or Ctrl+D) to leave',
  'What opsbot posts on its own (alerts, reminders, digests, DMs) shows up as it happens.',
];

/** The first words the sandbox takes itself; any other line is for opsbot (`/ops …`). */
export const SANDBOX_VERBS = [
  'help',
  'who',
  'as',
  'in',
  'click',
  'pick',
  'fill',
  'submit',
  'close',
  'home',
  'wait',
  'clock',
] as const;
export type SandboxVerb = (typeof SANDBOX_VERBS)[number];
