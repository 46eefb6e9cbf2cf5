// The MCP feature's callback and action ids.
export const TOKEN_MODAL = 'mcp.token';
