import { describe, expect, it } from 'vitest';
import { revokedText, tokenListText, tokenModal } from '../../../../src/features/mcp/views.ts';
import type { McpToken } from '../../../../src/store/index.ts';

const token = (label: string): McpToken => ({
  id: 1,
  label,
  userId: 'U1',
  teamId: 'T1',
  createdAt: 0,
  expiresAt: 86_400_000,
  lastUsedAt: null,
  revokedAt: null,
});

describe('what Slack shows of a token’s label', () => {
  // A label is checked when minted (letters, digits, . _ -); the sentences escape it all the same.
  it('the revoke sentence escapes the label: no mention pings', () => {
    expect(revokedText('<!channel>')).toBe(
      ':white_check_mark: Token `&lt;!channel&gt;` is revoked: an agent using it gets 401 from now on.',
    );
  });

  it('the list and the modal escape it too', () => {
    expect(tokenListText([token('<!here>')], 0, '/ops')).toContain('• `&lt;!here&gt;` — created');
    const modal = JSON.stringify(tokenModal('opsbot_mcp_fake', token('<@U2>'), '/ops').blocks);
    expect(modal).toContain('*&lt;@U2&gt;*');
    expect(modal).toContain('mcp revoke &lt;@U2&gt;');
    expect(modal).not.toContain('<@U2>');
  });
});
