// A plain A2A agent built with the A2A JavaScript SDK's server (@a2a-js/sdk with express, unmodified, A2A 1.0),
// knowing nothing of the mesh: A2aRemoteAgentIT registers it as a mesh agent, kills and restarts it.
//
// It handles each message once: it appends {messageId, text} to the LOG file (JSON lines, kept across restarts)
// unless that messageId is there already, and answers with the task completed and the message "echo: TEXT" (the
// answer's id derived from the message's, so a repeated message gets the same answer). A message whose text starts
// with "slow" gets the task working at once, and 1.5 s later the message "done: TEXT" and the task completed (seen
// by the mesh through SubscribeToTask). A message whose text starts with "chunks" gets the task working with the
// artifact "report" (text "Hello, "); once the mesh subscribes to the task, two chunks appended to it — the text
// "world", then 63 data parts (more than an artifact may hold) — and the task completed with "done: TEXT".
// A message whose text contains "poison" is refused with a JSON-RPC error.
// Calls need "Authorization: Bearer TOKEN"; the card is public.
// With CALLS set, each JSON-RPC call's method, traceparent header and message's metadata.traceparent are appended to
// that file (JSON lines), for TracingIT.
// Environment: PORT, TOKEN, LOG, CALLS (optional). Prints "ready" once it listens.
import express from 'express';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { AGENT_CARD_PATH, Role, TaskState } from '@a2a-js/sdk';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';

const { PORT, TOKEN, LOG, CALLS } = process.env;
const base = `http://127.0.0.1:${PORT}`;
const handled = new Set(existsSync(LOG)
  ? readFileSync(LOG, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line).messageId) : []);

const card = {
  name: 'Echo', description: 'Echoes what it is told, once per message', version: '1.0.0',
  supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
  capabilities: { streaming: true, pushNotifications: false, extensions: [] },
  securitySchemes: {}, securityRequirements: [], defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'],
  skills: [{ id: 'echo', name: 'Echo', description: 'Echoes', tags: ['echo'], examples: [], inputModes: [],
    outputModes: [], securityRequirements: [] }],
  signatures: [],
};
// Resolves a task's wait for the mesh's SubscribeToTask, so that its chunks come by the stream, not in the task.
const subscribed = new Map();
const textPart = (value) => ({ content: { $case: 'text', value }, metadata: undefined, filename: '',
  mediaType: 'text/plain' });
const dataPart = (value) => ({ content: { $case: 'data', value }, metadata: undefined, filename: '',
  mediaType: 'application/json' });
const report = (parts) => ({ artifactId: 'report', name: 'Report', description: '', parts, metadata: undefined,
  extensions: [] });
const text = (message) => message.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

class EchoOnce {
  async execute(context, bus) {
    const { userMessage, taskId, contextId } = context;
    const said = text(userMessage);
    if (!handled.has(userMessage.messageId)) {
      appendFileSync(LOG, `${JSON.stringify({ messageId: userMessage.messageId, text: said })}\n`);
      handled.add(userMessage.messageId);
    }
    const answer = (prefix) => ({ messageId: `${prefix}-${userMessage.messageId}`, role: Role.ROLE_AGENT, taskId,
      contextId, metadata: undefined, extensions: [], referenceTaskIds: [],
      parts: [{ content: { $case: 'text', value: `${prefix}: ${said}` }, metadata: undefined, filename: '',
        mediaType: 'text/plain' }] });
    const status = (state, message) => ({ state, message, timestamp: new Date().toISOString() });
    if (said.startsWith('chunks')) {
      const subscription = new Promise((resolve) => { subscribed.set(taskId, resolve); setTimeout(resolve, 30000); });
      bus.publish(AgentEvent.task({ id: taskId, contextId, artifacts: [report([textPart('Hello, ')])],
        history: [userMessage], metadata: undefined, status: status(TaskState.TASK_STATE_WORKING, undefined) }));
      await subscription;
      await new Promise((resolve) => { setTimeout(resolve, 500); }); // the handler joins the task's events
      const appended = (parts) => AgentEvent.artifactUpdate({ taskId, contextId, artifact: report(parts),
        append: true, lastChunk: true, metadata: undefined });
      bus.publish(appended([textPart('world')]));
      bus.publish(appended(Array.from({ length: 63 }, (_, n) => dataPart({ n }))));
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId, metadata: undefined,
        status: status(TaskState.TASK_STATE_COMPLETED, answer('done')) }));
      bus.finished();
      return;
    }
    if (!said.startsWith('slow')) {
      bus.publish(AgentEvent.task({ id: taskId, contextId, artifacts: [], metadata: undefined,
        history: [userMessage], status: status(TaskState.TASK_STATE_COMPLETED, answer('echo')) }));
      bus.finished();
      return;
    }
    bus.publish(AgentEvent.task({ id: taskId, contextId, artifacts: [], history: [userMessage], metadata: undefined,
      status: status(TaskState.TASK_STATE_WORKING, undefined) }));
    await new Promise((resolve) => { setTimeout(resolve, 1500); });
    bus.publish(AgentEvent.statusUpdate({ taskId, contextId, metadata: undefined,
      status: status(TaskState.TASK_STATE_COMPLETED, answer('done')) }));
    bus.finished();
  }

  async cancelTask() {}
}

const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new EchoOnce());
const app = express();
app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: requestHandler }));
app.use('/rpc', express.json({ limit: '2mb' }), (request, response, next) => {
  if (CALLS) {
    appendFileSync(CALLS, `${JSON.stringify({ method: request.body?.method,
      traceparent: request.headers.traceparent ?? null,
      metadata: request.body?.params?.message?.metadata?.traceparent ?? null })}\n`);
  }
  if (request.headers.authorization !== `Bearer ${TOKEN}`) {
    response.status(401).json({ error: 'unauthorized' });
  } else if (request.body?.method === 'SubscribeToTask' && subscribed.has(request.body.params?.id)) {
    subscribed.get(request.body.params.id)();
    next();
  } else if (JSON.stringify(request.body).includes('poison')) {
    response.json({ jsonrpc: '2.0', id: request.body.id, error: { code: -32602, message: 'I do not take poison' } });
  } else {
    next();
  }
}, jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
app.listen(Number(PORT), '127.0.0.1', () => console.log('ready'));
