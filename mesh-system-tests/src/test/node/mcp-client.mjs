// The official MCP client (@modelcontextprotocol/sdk), unmodified, against the mesh's MCP tools: lists them, sends a
// message, then waits for the answer. Prints one JSON document for MeshdMcpIT to check.
// Over stdio, starting `meshd mcp` (MESHD_COMMAND: its command line as a JSON array), or over Streamable HTTP to
// MCP_URL with the agent's token (MESH_AGENT_TOKEN). PEER: the agent to talk to.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

function transportFromEnvironment() {
  if (process.env.MCP_URL) {
    return new StreamableHTTPClientTransport(new URL(process.env.MCP_URL), {
      requestInit: { headers: { Authorization: `Bearer ${process.env.MESH_AGENT_TOKEN}` } },
    });
  }
  const [command, ...args] = JSON.parse(process.env.MESHD_COMMAND);
  return new StdioClientTransport({ command, args, env: { ...process.env }, stderr: 'inherit' });
}

const transport = transportFromEnvironment();
const client = new Client({ name: 'mesh-mcp-it', version: '1.0.0' });
await client.connect(transport);

const tools = (await client.listTools()).tools.map((tool) => tool.name);
const sent = await client.callTool({
  name: 'mesh_send_message',
  arguments: { to: process.env.PEER, text: 'Hello over MCP' },
});
const answer = await client.callTool({ name: 'mesh_wait_for_message', arguments: { timeoutSeconds: 60 } });
const inbox = await client.callTool({ name: 'mesh_read_inbox', arguments: { after: 0 } });
const refused = await client.callTool({
  name: 'mesh_send_message',
  arguments: { to: 'nobody-known@example', text: 'Hello?' },
});

console.log(JSON.stringify({ tools, sent, answer, inbox, refused }));
await client.close();
