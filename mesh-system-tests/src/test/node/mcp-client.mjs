// The official MCP client (@modelcontextprotocol/sdk), unmodified, against `meshd mcp` over stdio: lists the tools,
// sends a message, then waits for the answer. Prints one JSON document for MeshdMcpIT to check.
// MESHD_COMMAND: the server's command line as a JSON array; PEER: the agent to talk to.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [command, ...args] = JSON.parse(process.env.MESHD_COMMAND);
const transport = new StdioClientTransport({ command, args, env: { ...process.env }, stderr: 'inherit' });
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
