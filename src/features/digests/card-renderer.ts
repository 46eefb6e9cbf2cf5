// The stats card renderer of the render module, loaded on first use: it pulls in the native canvas
// and fonts, which a process that never posts a digest need not load. A renderer that fails to load
// costs the digest its picture, never the digest.
import type { CardInput, CardRenderer } from '../vector-stats/service.ts';

type RenderModule = {
  renderStatsCard(input: CardInput): Promise<Buffer>;
  altTextFor(input: CardInput): string;
};

let loading: Promise<RenderModule> | undefined;
let loaded: RenderModule | undefined;

function load(): Promise<RenderModule> {
  loading ??= (import('../../render/index.ts') as Promise<RenderModule>).then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

export const lazyCardRenderer: CardRenderer = {
  async render(input) {
    return (await load()).renderStatsCard(input);
  },
  altText(input) {
    // The interface's altText is synchronous; parts.ts always awaits render() first.
    if (loaded === undefined) throw new Error('card renderer used before it was loaded');
    return loaded.altTextFor(input);
  },
};
