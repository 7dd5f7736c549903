// The A2A JavaScript SDK's client (@a2a-js/sdk, unmodified, A2A 1.0) in a conversation with a mesh agent through
// the mesh's A2A facade. A2aJavaScriptClientIT starts this script, plays the mesh agent's part through the mesh API
// when a step is printed, and checks what the client saw. One JSON object per line on stdout; "go" on stdin resumes.
//
// Environment: CARD_URL (the agent's card), MESH_AGENT_TOKEN (the calling agent's token), TRANSPORT (JSONRPC or
// HTTP+JSON), RUN (a suffix that makes this run's message ids its own).
import { createInterface } from 'node:readline';
import { Role, TaskState } from '@a2a-js/sdk';
import {
  ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory,
} from '@a2a-js/sdk/client';

const { CARD_URL, MESH_AGENT_TOKEN, TRANSPORT, RUN } = process.env;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const print = (step, fields) => console.log(JSON.stringify({ step, ...fields }));
const resume = async () => { await lines.next(); };

// The bearer token on every request, the card's included.
const withToken = (url, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${MESH_AGENT_TOKEN}`);
  return fetch(url, { ...init, headers });
};
const factory = new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
  transports: [new JsonRpcTransportFactory({ fetchImpl: withToken }), new RestTransportFactory({ fetchImpl: withToken })],
  cardResolver: new DefaultAgentCardResolver({ fetchImpl: withToken }),
  preferredTransports: [TRANSPORT],
}));

const message = (messageId, text, taskId = '') => ({
  message: {
    messageId: `${messageId}-${RUN}`, contextId: '', taskId, role: Role.ROLE_USER, metadata: undefined,
    extensions: [], referenceTaskIds: [],
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }],
  },
});
const texts = (parts) => (parts ?? []).filter((p) => p.content?.$case === 'text').map((p) => p.content.value);
const task = (t) => ({
  id: t.id, contextId: t.contextId, state: TaskState[t.status.state],
  history: (t.history ?? []).map((m) => ({ role: Role[m.role], texts: texts(m.parts) })),
  artifacts: (t.artifacts ?? []).map((a) => ({ name: a.name, texts: texts(a.parts) })),
});
const event = ({ payload }) => {
  switch (payload.$case) {
    case 'task': return { kind: 'task', task: task(payload.value) };
    case 'message': return { kind: 'message', role: Role[payload.value.role], texts: texts(payload.value.parts) };
    case 'statusUpdate': return { kind: 'statusUpdate', state: TaskState[payload.value.status.state] };
    case 'artifactUpdate': return { kind: 'artifactUpdate', name: payload.value.artifact.name };
    default: return { kind: payload.$case };
  }
};

const client = await factory.createFromUrl(CARD_URL, '');
print('card', { card: await client.getAgentCard() });

// A blocking send: it returns once the mesh agent has answered and completed the task.
const blocking = client.sendMessage(message('m-blocking', 'Please answer'));
print('sent-blocking', { messageId: `m-blocking-${RUN}` });
const done = await blocking;
print('blocking', { task: task(done) });
print('get', { task: task(await client.getTask({ id: done.id, historyLength: 10 })) });

// A streamed send: the task first, then the agent's message, artifact and final status; the stream ends there.
const streamed = [];
for await (const e of client.sendMessageStream(message('m-stream', 'Please stream'))) {
  streamed.push(event(e));
  if (streamed.length === 1) {
    print('stream-open', { taskId: e.payload.value.id, messageId: `m-stream-${RUN}` });
  }
}
print('stream', { events: streamed });

// A dropped stream, then a resubscribe: what happened meanwhile comes with the task, the rest follows.
const abort = new AbortController();
let dropped;
try {
  for await (const e of client.sendMessageStream(message('m-drop', 'Please take your time'), { signal: abort.signal })) {
    dropped = e.payload.value.id;
    abort.abort();
  }
} catch (e) {
  if (!abort.signal.aborted) throw e;
}
print('dropped', { taskId: dropped, messageId: `m-drop-${RUN}` });
await resume();
const resubscribed = [];
for await (const e of client.resubscribeTask({ id: dropped })) {
  resubscribed.push(event(e));
  if (resubscribed.length === 1) {
    print('resubscribed', { event: resubscribed[0] });
  }
}
print('resubscribe', { events: resubscribed });

// The same message id twice is one message; a marker after it shows that no second copy was delivered.
const once = await client.sendMessage({ ...message('m-twice', 'Only once'), configuration: { returnImmediately: true } });
const again = await client.sendMessage({ ...message('m-twice', 'Only once'), configuration: { returnImmediately: true } });
await client.sendMessage({ ...message('m-after', 'After the resend', once.id), configuration: { returnImmediately: true } });
print('resend', { first: once.id, second: again.id, messageId: `m-twice-${RUN}`, marker: `m-after-${RUN}` });

const listed = await client.listTasks({ contextId: '', status: 0, pageSize: 50, pageToken: '', historyLength: 0 });
print('list', { ids: listed.tasks.map((t) => t.id), totalSize: listed.totalSize });

try {
  await client.getTask({ id: 'no-such-task' });
  print('not-found', { error: null });
} catch (e) {
  print('not-found', { error: String(e) });
}
print('done', {});
process.exit(0);
