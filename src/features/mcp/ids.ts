// The MCP feature's callback and action ids.
export const VIEW = { token: 'mcp.token' } as const;
