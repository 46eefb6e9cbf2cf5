import { describe, expect, it } from 'vitest';
import { parseCreateArgs } from '../../src/features/search-requests/parse.ts';
import { requestModal } from '../../src/features/search-requests/views/modals.ts';
import { NAME_MAX } from '../../src/text/index-names.ts';
import { quoteUserText, truncate } from '../../src/text/mrkdwn.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('cutting what people typed', () => {
  it('never splits an emoji, a flag or a family into a lone surrogate', () => {
    const typed = `${'a'.repeat(8)}😀🇩🇪👨‍👩‍👧 rest`;
    for (let max = 1; max <= typed.length; max += 1) {
      const cut = truncate(typed, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut).not.toMatch(LONE_SURROGATE);
    }
    expect(truncate(typed, 10)).toBe('aaaaaaaa…');
    expect(truncate(typed, 11)).toBe('aaaaaaaa😀…');
    expect(quoteUserText('🙂'.repeat(100), 5)).toBe('`🙂🙂…`');
  });

  it('a long single-word name from the command is cut to what an index name may be, and said so', () => {
    const view = requestModal(parseCreateArgs(['x'.repeat(5000)]), { channelId: 'C0GENERAL' });
    const input = JSON.stringify(view.blocks);
    expect(input).toContain(`"initial_value":"${'x'.repeat(NAME_MAX)}"`);
    expect(input).not.toContain('x'.repeat(NAME_MAX + 1));
    expect(input).toContain(`longer than ${NAME_MAX} characters`);
  });
});
