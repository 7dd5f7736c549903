'use strict';
// The admin dashboard: the admin API read every few seconds, and its actions behind buttons. The admin token is
// kept in sessionStorage (this tab only) and sent as a bearer token; data is written with textContent only.

const API = new URL('../api/v1/', location.href);
const STATS_EVERY_MS = 2000;
const LISTS_EVERY_MS = 5000;
const CHART_POINTS = 150; // five minutes of samples
const AGENTS_SHOWN = 200;
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
    refreshAgents();
    timers = [setInterval(refreshStats, STATS_EVERY_MS), setInterval(() => {
        refreshLists();
        refreshAgents();
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
    fill('tasks', Object.entries(stats.tasksByState).map(([state, count]) => [state, number(count)]));
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

function drawCharts() {
    if (typeof uPlot === 'undefined') {
        return;
    }
    const throughput = [samples.time, samples.published, samples.delivered];
    const latency = [samples.time, samples.p50, samples.p99];
    if (!charts) {
        const options = (title, first, second) => ({
            width: 520, height: 200, title,
            series: [{}, { label: first, stroke: '#3461c1', width: 2 }, { label: second, stroke: '#d9822b', width: 2 }],
            scales: { y: { range: (u, min, max) => [0, Math.max(max, 0.001) * 1.1] } }
        });
        charts = {
            throughput: new uPlot(options('', 'published/s', 'delivered/s'), throughput, $('throughput-chart')),
            latency: new uPlot(options('', 'p50 s', 'p99 s'), latency, $('latency-chart'))
        };
    } else {
        charts.throughput.setData(throughput);
        charts.latency.setData(latency);
    }
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

// The agents whose contacts are shown: they stay shown when the list is drawn again.
const contactsShown = new Set();

async function refreshAgents() {
    try {
        const agents = await api('GET', 'admin/agents?limit=' + AGENTS_SHOWN);
        fill('agents', agents.agents.map((a) => [a.agentId, a.displayName || '', time(a.createdAt), actions(
            button('Rotate token', () => act(async () => {
                showToken(await api('POST', 'admin/agents/' + encodeURIComponent(a.agentId) + '/token'));
                return 'A new token for ' + a.agentId + '; its previous token no longer works.';
            })),
            button('Contacts', (event) => showContacts(a.agentId, event.target.closest('tr'))))]),
            'No agents yet.');
        $('agents-more').hidden = agents.nextCursor == null;
        for (const row of $('agents').tBodies[0].rows) {
            if (contactsShown.has(row.cells[0].textContent)) {
                showContacts(row.cells[0].textContent, row);
            }
        }
    } catch (e) {
        failed(e);
    }
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
    refreshAgents();
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
    const body = $(tableId).tBodies[0];
    const columns = $(tableId).tHead.rows[0].cells.length;
    if (rows.length === 0 && emptyText) {
        rows = [[emptyText]];
    }
    body.replaceChildren(...rows.map((cells) => {
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
    }));
}

function button(label, onClick) {
    const b = document.createElement('button');
    b.type = 'button';
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
