'use strict';
// The admin dashboard: the admin API read every few seconds, and its actions behind buttons. The admin token is
// kept in sessionStorage (this tab only) and sent as a bearer token; data is written with textContent only.

const API = new URL('../api/v1/', location.href);
const STATS_EVERY_MS = 2000;
const LISTS_EVERY_MS = 5000;
const CHART_POINTS = 150; // five minutes of samples
const PAGE_SIZE = 25; // rows of a paged list: the page stays short whatever the number of agents or tasks
const MESSAGES_SHOWN = 20;
const PREVIEW_CHARACTERS = 300; // of a message's or an artifact's content; a part may be a megabyte
const TOKEN_KEY = 'agentMesh.adminToken';

const $ = (id) => document.getElementById(id);

class ApiError extends Error {
    constructor(status, problem) {
        super(problem && (problem.detail || problem.title) || 'HTTP ' + status);
        this.status = status;
    }
}

async function api(method, path, body) {
    const headers = { Authorization: 'Bearer ' + sessionStorage.getItem(TOKEN_KEY) };
    if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(new URL(path, API), {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store'
    });
    const text = await response.text();
    const json = text ? JSON.parse(text) : null;
    if (!response.ok) {
        throw new ApiError(response.status, json);
    }
    return json;
}

// ---- log in and out ----

let timers = [];

$('login').addEventListener('submit', async (event) => {
    event.preventDefault();
    sessionStorage.setItem(TOKEN_KEY, $('token').value.trim());
    try {
        await api('GET', 'admin/stats');
        $('token').value = '';
        $('login-error').textContent = '';
        open();
    } catch (e) {
        sessionStorage.removeItem(TOKEN_KEY);
        $('login-error').textContent = e.status === 401 || e.status === 403
            ? 'This is not the admin token.' : 'The mesh did not answer: ' + e.message;
    }
});

$('logout').addEventListener('click', () => close(''));

function open() {
    $('login').hidden = true;
    $('dashboard').hidden = false;
    $('logout').hidden = false;
    refreshStats();
    refreshLists();
    agentPages.reset();
    taskPages.reset();
    timers = [setInterval(refreshStats, STATS_EVERY_MS), setInterval(() => {
        refreshLists();
        agentPages.load();
        taskPages.load();
    }, LISTS_EVERY_MS)];
}

function close(reason) {
    timers.forEach(clearInterval);
    timers = [];
    sessionStorage.removeItem(TOKEN_KEY);
    $('dashboard').hidden = true;
    $('logout').hidden = true;
    $('login').hidden = false;
    $('login-error').textContent = reason;
    $('status').textContent = '';
}

// Every failed call comes here: a token no longer accepted ends the session; anything else is shown.
function failed(e) {
    if (e.status === 401) {
        close('The admin token was refused; log in again.');
    } else {
        $('status').textContent = 'Not reachable: ' + e.message;
        $('status').classList.add('down');
    }
}

// ---- figures and charts ----

const samples = { time: [], published: [], delivered: [], p50: [], p99: [] };
let previous = null;
let charts = null;

async function refreshStats() {
    let stats;
    try {
        stats = await api('GET', 'admin/stats');
    } catch (e) {
        failed(e);
        return;
    }
    $('status').textContent = 'Live · updated ' + new Date().toLocaleTimeString();
    $('status').classList.remove('down');
    const outbox = stats.outbox;
    $('outbox-pending').textContent = outbox.byStatus.pending;
    $('outbox-failed').textContent = outbox.byStatus.failed;
    $('outbox-oldest').textContent = outbox.oldestPendingAgeSeconds == null ? '–'
        : seconds(outbox.oldestPendingAgeSeconds);
    $('consumer-lag').textContent = stats.consumer.error ? 'unknown' : stats.consumer.totalLag;
    $('consumer-lag').title = stats.consumer.error || '';
    $('delivered').textContent = stats.instance.delivered;
    $('dedup-hits').textContent = stats.dedupHits;
    fill('lag', stats.consumer.error ? [[stats.consumer.error]]
        : Object.entries(stats.consumer.lagByPartition).map(([partition, lag]) => [partition, number(lag)]));
    fill('tasks', Object.entries(stats.tasksByState).map(([state, count]) => [button(state, () => {
        $('task-state').value = state;
        taskPages.reset();
    }, 'link'), number(count)]));
    fill('faults', stats.recentFaults.map((f) => [f.kind, time(f.lastAt), number(f.count), f.detail]),
        'No faults since this instance started.');
    sample(stats.instance);
}

function sample(instance) {
    const now = Date.now() / 1000;
    let published = null;
    let delivered = null;
    // Rates are differences of this instance's counters; after a restart (counters back to 0) one point is empty.
    if (previous && instance.delivered >= previous.delivered && instance.dispatched >= previous.dispatched) {
        const elapsed = now - previous.time;
        published = (instance.dispatched - previous.dispatched) / elapsed;
        delivered = (instance.delivered - previous.delivered) / elapsed;
    }
    previous = { time: now, dispatched: instance.dispatched, delivered: instance.delivered };
    push({ time: now, published, delivered, p50: instance.e2eLatencyP50Seconds, p99: instance.e2eLatencyP99Seconds });
    drawCharts();
}

function push(point) {
    for (const [series, value] of Object.entries(point)) {
        samples[series].push(value);
        if (samples[series].length > CHART_POINTS) {
            samples[series].shift();
        }
    }
}

// Time ticks at whole seconds and more (never uPlot's ":08.000" when the span is short), labelled as a clock.
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600];

function drawCharts() {
    if (typeof uPlot === 'undefined') {
        return;
    }
    const throughput = [samples.time, samples.published, samples.delivered];
    const latency = [samples.time, samples.p50, samples.p99];
    if (!charts) {
        // floor: the smallest top of the y axis, so that an idle chart reads 0 … 1/s or 0 … 10 ms, not 0.001s.
        const options = (first, second, floor) => ({
            width: 520, height: 200,
            series: [{}, { label: first, stroke: '#3461c1', width: 2 }, { label: second, stroke: '#d9822b', width: 2 }],
            scales: { y: { range: (u, min, max) => [0, roundUp(Math.max(max || 0, floor) * 1.05)] } },
            axes: [
                { space: 90, incrs: TIME_STEPS, values: (u, ticks, axis) => shown(u, axis, ticks.map(clock)) },
                { size: 60, values: (u, ticks, axis) => shown(u, axis, ticks.map((t) => decimal(t, ticks))) }
            ]
        });
        charts = {
            throughput: new uPlot(options('published/s', 'delivered/s', 1), throughput, $('throughput-chart')),
            latency: new uPlot(options('p50 s', 'p99 s', 0.01), latency, $('latency-chart'))
        };
    } else {
        charts.throughput.setData(throughput);
        charts.latency.setData(latency);
    }
}

// The labels an axis shows, also kept on the chart (data-axis0, data-axis1) for the browser test and for devtools.
function shown(u, axis, labels) {
    u.root.dataset['axis' + axis] = labels.join(' | ');
    return labels;
}

function clock(seconds) {
    return new Date(seconds * 1000).toLocaleTimeString([], { hourCycle: 'h23', hour: '2-digit', minute: '2-digit',
        second: '2-digit' });
}

// A tick's value with as many decimals as the step between ticks needs: 0, 0.5, 1 or 0, 0.002, 0.004.
function decimal(value, ticks) {
    const step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
    const decimals = step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
    return value.toFixed(decimals);
}

// The next of 1, 2, 5 × 10^n at or above the value.
function roundUp(value) {
    const power = Math.pow(10, Math.floor(Math.log10(value)));
    return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= value);
}

// ---- lists with actions ----

async function refreshLists() {
    try {
        const [dead, letters] = await Promise.all([
            api('GET', 'admin/outbox?status=failed&limit=100'),
            api('GET', 'admin/dead-letters?status=parked&limit=100')
        ]);
        fill('dead-events', dead.events.map((e) => [String(e.id), e.key, number(e.attempts), e.lastError || '',
            time(e.createdAt), button('Retry', () => act(() => api('POST', 'admin/outbox/' + e.id + '/retry'),
                'Outbox event ' + e.id + ' waits to be published again.'))]), 'No dead events.');
        fill('dead-letters', letters.deadLetters.map((d) => [String(d.id), d.partition + '@' + d.offset, d.key || '',
            d.error, time(d.createdAt), button('Replay', () => act(
                async () => 'Dead letter ' + d.id + ': ' + (await api('POST', 'admin/dead-letters/' + d.id
                    + '/replay')).outcome + '.'))]), 'No dead letters.');
    } catch (e) {
        failed(e);
    }
}

// A list read a page at a time by cursor: Next follows the page's nextCursor, Previous goes back to the cursor that
// opened the page before. The page shown is read again on every refresh; only the latest read is drawn (a search
// typed fast asks several times).
class Pager {
    constructor(name, read, draw) {
        this.name = name;
        this.read = read;
        this.draw = draw;
        this.cursors = [null];
        this.reads = 0;
        $(name + '-prev').addEventListener('click', () => this.go(-1));
        $(name + '-next').addEventListener('click', () => this.go(1));
    }

    reset() {
        this.cursors = [null];
        return this.load();
    }

    go(step) {
        if (step > 0 && this.next == null) {
            return;
        }
        if (step > 0) {
            this.cursors.push(this.next);
        } else if (this.cursors.length > 1) {
            this.cursors.pop();
        }
        this.load();
    }

    async load() {
        const read = ++this.reads;
        let page;
        try {
            page = await this.read(this.cursors[this.cursors.length - 1]);
        } catch (e) {
            failed(e);
            return;
        }
        if (read !== this.reads) {
            return;
        }
        this.next = page.nextCursor;
        this.draw(page);
        $(this.name + '-prev').disabled = this.cursors.length === 1;
        $(this.name + '-next').disabled = this.next == null;
        $(this.name + '-page').textContent = 'Page ' + this.cursors.length;
    }
}

function pageQuery(cursor, limit) {
    return 'limit=' + limit + (cursor == null ? '' : '&cursor=' + encodeURIComponent(cursor));
}

// The agents whose contacts are shown: they stay shown when the list is drawn again.
const contactsShown = new Set();

const agentPages = new Pager('agents', (cursor) => {
    const search = $('agent-search').value.trim();
    return api('GET', 'admin/agents?order=' + $('agent-order').value + '&' + pageQuery(cursor, PAGE_SIZE)
        + (search ? '&idContains=' + encodeURIComponent(search) : ''));
}, drawAgents);

function drawAgents(page) {
    fill('agents', page.agents.map((a) => [a.agentId, a.displayName || '', time(a.createdAt),
        a.lastActiveAt ? time(a.lastActiveAt) : 'never', actions(
            button('Rotate token', () => act(async () => {
                showToken(await api('POST', 'admin/agents/' + encodeURIComponent(a.agentId) + '/token'));
                return 'A new token for ' + a.agentId + '; its previous token no longer works.';
            })),
            button('Contacts', (event) => showContacts(a.agentId, event.target.closest('tr'))))]),
        $('agent-search').value.trim() ? 'No agent id contains this.' : 'No agents yet.');
    for (const row of $('agents').tBodies[0].rows) {
        if (contactsShown.has(row.cells[0].textContent)) {
            showContacts(row.cells[0].textContent, row);
        }
    }
}

let searchTimer = null;
$('agent-search').addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
        if ($('agent-search').checkValidity()) {
            agentPages.reset();
        }
    }, 250);
});
$('agent-order').addEventListener('change', () => agentPages.reset());
$('agent-filter').addEventListener('submit', (event) => event.preventDefault());

// ---- tasks by state, and one task's messages and artifacts ----

const taskPages = new Pager('tasks', (cursor) => api('GET', 'admin/tasks?state=' + $('task-state').value + '&'
    + pageQuery(cursor, PAGE_SIZE)), (page) => fill('task-list', page.tasks.map((t) => [
    button(t.taskId, () => openTask(t.taskId), 'link'), t.requester, t.assignee, t.status.state,
    time(t.updatedAt)]), 'No task in this state.'));
$('task-state').addEventListener('change', () => taskPages.reset());

// The task open below the list, and where its messages and artifacts go on from.
let openedTask = null;

async function openTask(taskId) {
    let task;
    try {
        task = await api('GET', 'admin/tasks/' + encodeURIComponent(taskId));
    } catch (e) {
        notice(e.message, true);
        return;
    }
    openedTask = { taskId, messagesCursor: 0, artifactsCursor: null };
    $('task-detail').hidden = false;
    $('task-title').textContent = 'Task ' + taskId;
    $('task-summary').textContent = task.requester + ' → ' + task.assignee + ' · ' + task.status.state
        + (task.status.reason ? ' (' + task.status.reason + ')' : '') + ' · created ' + time(task.createdAt)
        + ' · updated ' + time(task.updatedAt);
    fill('task-messages', []);
    fill('task-artifacts', []);
    await Promise.all([moreMessages(), moreArtifacts()]).catch((e) => notice(e.message, true));
}

async function moreMessages() {
    const task = openedTask;
    const page = await api('GET', 'admin/tasks/' + encodeURIComponent(task.taskId) + '/messages?'
        + pageQuery(task.messagesCursor, MESSAGES_SHOWN));
    append('task-messages', page.messages.map((m) => [number(m.seq), m.from, time(m.createdAt),
        content(m.parts)]), 'No messages.');
    // A page as long as asked for may have more behind it; a shorter one is the end (the cursor only grows).
    $('task-messages-more').hidden = page.messages.length < MESSAGES_SHOWN;
    task.messagesCursor = page.nextCursor;
}

async function moreArtifacts() {
    const task = openedTask;
    const page = await api('GET', 'admin/tasks/' + encodeURIComponent(task.taskId) + '/artifacts?'
        + pageQuery(task.artifactsCursor, MESSAGES_SHOWN));
    append('task-artifacts', page.artifacts.map((a) => [a.name, time(a.createdAt), content(a.parts)]),
        'No artifacts.');
    $('task-artifacts-more').hidden = page.nextCursor == null;
    task.artifactsCursor = page.nextCursor;
}

$('task-messages-more').addEventListener('click', () => moreMessages().catch((e) => notice(e.message, true)));
$('task-artifacts-more').addEventListener('click', () => moreArtifacts().catch((e) => notice(e.message, true)));

// Parts as a short text: text as it is, data as JSON, a file by its name; cut at PREVIEW_CHARACTERS.
function content(parts) {
    const text = parts.map((p) => p.kind === 'text' ? p.text : p.kind === 'data' ? JSON.stringify(p.data)
        : '[file ' + ((p.file && (p.file.name || p.file.uri)) || '') + ']').join(' · ');
    const cell = document.createElement('span');
    cell.className = 'content';
    cell.textContent = text.length > PREVIEW_CHARACTERS ? text.slice(0, PREVIEW_CHARACTERS) + '… ('
        + text.length + ' characters)' : text;
    return cell;
}

// Runs an action, says what it did (or why not), and shows the lists as they are now.
async function act(action, done) {
    try {
        const said = await action();
        notice(done || said || 'Done.');
    } catch (e) {
        if (e.status === 401) {
            failed(e);
            return;
        }
        notice(e.message, true);
    }
    refreshLists();
    agentPages.load();
}

function showToken(agent) {
    $('new-token').hidden = false;
    $('new-token').textContent = 'Token of ' + agent.agentId + ' (shown once, keep it now): ' + agent.token;
}

async function showContacts(agentId, row) {
    contactsShown.add(agentId);
    let view;
    try {
        view = await api('GET', 'admin/agents/' + encodeURIComponent(agentId));
    } catch (e) {
        notice(e.message, true);
        return;
    }
    const cell = row.cells[row.cells.length - 1];
    cell.querySelector('.contacts')?.remove();
    const list = document.createElement('ul');
    list.className = 'contacts';
    if (view.contacts.length === 0) {
        list.append(item('No contacts.'));
    }
    for (const contact of view.contacts) {
        list.append(item(contact + ' ', button('Revoke', () => act(() => api('DELETE', 'admin/agents/'
            + encodeURIComponent(agentId) + '/contacts/' + encodeURIComponent(contact)),
            agentId + ' and ' + contact + ' may no longer talk.'))));
    }
    cell.append(list);
}

$('register').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.target;
    const request = { agentId: form.agentId.value.trim() };
    if (form.displayName.value.trim()) {
        request.displayName = form.displayName.value.trim();
    }
    act(async () => {
        showToken(await api('POST', 'admin/agents', request));
        form.reset();
        return 'Registered ' + request.agentId + '.';
    });
});

$('allow').addEventListener('submit', (event) => {
    event.preventDefault();
    const a = event.target.a.value.trim();
    const b = event.target.b.value.trim();
    act(async () => {
        await api('POST', 'admin/agents/' + encodeURIComponent(a) + '/contacts/' + encodeURIComponent(b));
        event.target.reset();
        return a + ' and ' + b + ' may talk.';
    });
});

// ---- small helpers ----

function notice(text, isError) {
    $('notice').textContent = text;
    $('notice').classList.toggle('error', Boolean(isError));
}

// Replaces a table's rows; a cell is text or an element; a row of one cell spans the table.
function fill(tableId, rows, emptyText) {
    $(tableId).tBodies[0].replaceChildren(...tableRows(tableId, rows, emptyText));
}

// Adds rows to a table (a further page of it); with none to add, an empty table says emptyText.
function append(tableId, rows, emptyText) {
    const body = $(tableId).tBodies[0];
    if (rows.length > 0) {
        body.querySelectorAll('td.empty').forEach((td) => td.parentElement.remove());
        body.append(...tableRows(tableId, rows));
    } else if (body.rows.length === 0) {
        body.append(...tableRows(tableId, [], emptyText));
    }
}

function tableRows(tableId, rows, emptyText) {
    const columns = $(tableId).tHead.rows[0].cells.length;
    if (rows.length === 0 && emptyText) {
        rows = [[emptyText]];
    }
    return rows.map((cells) => {
        const tr = document.createElement('tr');
        for (const content of cells) {
            const td = document.createElement('td');
            if (content instanceof Node) {
                td.append(content);
            } else if (content && content.number !== undefined) {
                td.className = 'number';
                td.textContent = content.number;
            } else {
                td.textContent = content;
            }
            if (cells.length === 1) {
                td.colSpan = columns;
                td.classList.add('empty');
            }
            tr.append(td);
        }
        return tr;
    });
}

function button(label, onClick, className) {
    const b = document.createElement('button');
    b.type = 'button';
    if (className) {
        b.className = className;
    }
    b.textContent = label;
    b.addEventListener('click', onClick);
    return b;
}

function actions(...elements) {
    const span = document.createElement('span');
    span.append(...elements);
    return span;
}

function item(...content) {
    const li = document.createElement('li');
    li.append(...content);
    return li;
}

function number(value) {
    return { number: String(value) };
}

function seconds(value) {
    return value < 60 ? value.toFixed(1) + ' s' : Math.round(value / 60) + ' min';
}

function time(iso) {
    return iso ? new Date(iso).toLocaleString() : '';
}

if (sessionStorage.getItem(TOKEN_KEY)) {
    open();
}
