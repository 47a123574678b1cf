// Wuzi's web board: draws the game the server holds and sends what the person does.
// The server judges every move and drives the brains; this page only shows the state it gets
// (GET /api/games/ID?since=VERSION waits for news) and posts clicks and buttons.
'use strict';

const $ = (id) => document.getElementById(id);
const canvas = $('board');
const ctx = canvas.getContext('2d');
const BOARD_UNITS = 640; // the board is drawn in these units, whatever the canvas's pixels

let config = null;
let game = null; // the last state from the server
let hover = null;
let pollGeneration = 0;

class ApiError extends Error {
  constructor(status, text) {
    super(text);
    this.status = status;
  }
}

async function api(path, form) {
  const options = form === undefined ? {} : {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  };
  const response = await fetch(path, options);
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text.trim());
  return JSON.parse(text);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- coordinates as books write them: column letters, rows from the bottom ----

function columnName(x) {
  return x < 26 ? String.fromCharCode(97 + x)
    : String.fromCharCode(96 + Math.floor(x / 26)) + String.fromCharCode(97 + (x % 26));
}

function cellName(x, y) {
  return columnName(x) + (game.height - y);
}

// ---- drawing ----

function geometry() {
  const margin = 44;
  const cell = Math.min((BOARD_UNITS - 2 * margin) / (game.width - 1),
    (BOARD_UNITS - 2 * margin) / (game.height - 1));
  return {
    cell,
    ox: (BOARD_UNITS - cell * (game.width - 1)) / 2,
    oy: (BOARD_UNITS - cell * (game.height - 1)) / 2,
  };
}

function starPoints(w, h) {
  if (w < 9 || h < 9) return [];
  const edge = w >= 13 && h >= 13 ? 3 : 2;
  const points = [[edge, edge], [w - 1 - edge, edge], [edge, h - 1 - edge], [w - 1 - edge, h - 1 - edge]];
  if (w % 2 && h % 2) points.push([(w - 1) / 2, (h - 1) / 2]);
  return points;
}

function drawWood() {
  const wood = ctx.createLinearGradient(0, 0, BOARD_UNITS, BOARD_UNITS);
  wood.addColorStop(0, '#e3b866');
  wood.addColorStop(0.5, '#d9a955');
  wood.addColorStop(1, '#c99444');
  ctx.fillStyle = wood;
  ctx.fillRect(0, 0, BOARD_UNITS, BOARD_UNITS);
  ctx.strokeStyle = 'rgba(120, 70, 20, 0.08)';
  ctx.lineWidth = 2;
  for (let i = 0; i < 40; i++) { // the grain
    const y = (i * 97) % BOARD_UNITS;
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.bezierCurveTo(200, y + 12, 420, y - 10, BOARD_UNITS, y + 6);
    ctx.stroke();
  }
}

function drawGrid(g) {
  ctx.strokeStyle = '#3a2a14';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x < game.width; x++) {
    ctx.moveTo(g.ox + x * g.cell, g.oy);
    ctx.lineTo(g.ox + x * g.cell, g.oy + (game.height - 1) * g.cell);
  }
  for (let y = 0; y < game.height; y++) {
    ctx.moveTo(g.ox, g.oy + y * g.cell);
    ctx.lineTo(g.ox + (game.width - 1) * g.cell, g.oy + y * g.cell);
  }
  ctx.stroke();
  ctx.fillStyle = '#3a2a14';
  for (const [x, y] of starPoints(game.width, game.height)) {
    ctx.beginPath();
    ctx.arc(g.ox + x * g.cell, g.oy + y * g.cell, Math.max(2.5, g.cell * 0.1), 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.font = `${Math.min(14, g.cell * 0.45)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const away = g.cell * 0.45 + 12; // outside the edge's stones
  for (let x = 0; x < game.width; x++) {
    ctx.fillText(columnName(x), g.ox + x * g.cell, g.oy - away);
    ctx.fillText(columnName(x), g.ox + x * g.cell, g.oy + (game.height - 1) * g.cell + away);
  }
  for (let y = 0; y < game.height; y++) {
    ctx.fillText(String(game.height - y), g.ox - away, g.oy + y * g.cell);
    ctx.fillText(String(game.height - y), g.ox + (game.width - 1) * g.cell + away, g.oy + y * g.cell);
  }
}

function drawStone(g, x, y, black, alpha) {
  const cx = g.ox + x * g.cell, cy = g.oy + y * g.cell, r = g.cell * 0.45;
  ctx.globalAlpha = alpha;
  const shade = ctx.createRadialGradient(cx - r / 3, cy - r / 3, r / 8, cx, cy, r);
  if (black) {
    shade.addColorStop(0, '#666');
    shade.addColorStop(1, '#0b0b0b');
  } else {
    shade.addColorStop(0, '#ffffff');
    shade.addColorStop(1, '#c9c4bb');
  }
  ctx.fillStyle = shade;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, 2 * Math.PI);
  ctx.fill();
  if (alpha === 1) {
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.35)';
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

function label(g, x, y, text, color) {
  ctx.fillStyle = color;
  ctx.font = `bold ${Math.min(13, g.cell * 0.42)}px system-ui, sans-serif`;
  ctx.fillText(text, g.ox + x * g.cell, g.oy + y * g.cell + 0.5);
}

// The brain's expected line, faint: while it thinks from the position, afterwards from its move.
function drawVariation(g) {
  const t = game.thinking;
  if (!t || !t.pv.length || game.over) return;
  let pv = t.pv;
  let black = t.side === 'black';
  const last = game.moves[game.moves.length - 1];
  if (t.side !== game.toMove) {
    if (!last || pv[0][0] !== last[0] || pv[0][1] !== last[1]) return;
    pv = pv.slice(1);
    black = !black;
  }
  const taken = new Set(game.moves.map(([x, y]) => `${x},${y}`));
  pv.slice(0, 10).forEach(([x, y], i) => {
    if (taken.has(`${x},${y}`)) return;
    const stoneBlack = i % 2 === 0 ? black : !black;
    drawStone(g, x, y, stoneBlack, 0.3);
    label(g, x, y, String(i + 1), stoneBlack ? 'rgba(255,255,255,0.8)' : 'rgba(0,0,0,0.7)');
  });
}

function drawMarks(g) {
  ctx.strokeStyle = '#c0271b';
  ctx.lineWidth = 2;
  const d = g.cell * 0.2;
  for (const [x, y] of game.forbidden) { // renju: black may not play here
    const cx = g.ox + x * g.cell, cy = g.oy + y * g.cell;
    ctx.beginPath();
    ctx.moveTo(cx - d, cy - d); ctx.lineTo(cx + d, cy + d);
    ctx.moveTo(cx + d, cy - d); ctx.lineTo(cx - d, cy + d);
    ctx.stroke();
  }
  if (game.hint) {
    ctx.strokeStyle = '#1d8a3a';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(g.ox + game.hint[0] * g.cell, g.oy + game.hint[1] * g.cell, g.cell * 0.38, 0, 2 * Math.PI);
    ctx.stroke();
  }
  const last = game.moves[game.moves.length - 1];
  if (last) {
    ctx.fillStyle = '#e0301e';
    ctx.beginPath();
    ctx.arc(g.ox + last[0] * g.cell, g.oy + last[1] * g.cell, g.cell * 0.12, 0, 2 * Math.PI);
    ctx.fill();
  }
  if (game.winLine.length) {
    const a = game.winLine[0], b = game.winLine[game.winLine.length - 1];
    ctx.strokeStyle = 'rgba(224, 48, 30, 0.85)';
    ctx.lineWidth = 4;
    ctx.beginPath();
    ctx.moveTo(g.ox + a[0] * g.cell, g.oy + a[1] * g.cell);
    ctx.lineTo(g.ox + b[0] * g.cell, g.oy + b[1] * g.cell);
    ctx.stroke();
  }
}

function draw() {
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== BOARD_UNITS * ratio) {
    canvas.width = canvas.height = BOARD_UNITS * ratio;
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  drawWood();
  if (!game) return;
  const g = geometry();
  drawGrid(g);
  drawVariation(g);
  game.moves.forEach(([x, y], i) => drawStone(g, x, y, i % 2 === 0, 1));
  if (hover && yourMove()) drawStone(g, hover[0], hover[1], game.toMove === 'black', 0.45);
  drawMarks(g);
  // for people's tools and the browser test: where the cells are, what is on the board
  Object.assign(canvas.dataset, {
    cell: g.cell, ox: g.ox, oy: g.oy, units: BOARD_UNITS,
    stones: game.moves.length, forbidden: game.forbidden.length,
    hint: game.hint ? String(game.hint) : '', over: game.over, yours: yourMove(),
  });
}

// ---- the panel ----

function yourMove() {
  return game && !game.over && !game.players[game.toMove].brain;
}

function clockText(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

let clockBase = null; // [black ms, white ms, when received]

function showClocks() {
  if (!game || !clockBase) return;
  for (const side of ['black', 'white']) {
    const running = !game.over && game.toMove === side;
    const ms = clockBase[side] + (running ? performance.now() - clockBase.at : 0);
    const el = $(`clock-${side}`);
    el.textContent = clockText(ms);
    el.classList.toggle('running', running);
  }
}

// "black +131", "white wins in 3": a score always says whose it is.
function scoreText(t) {
  if (t.mate) return `${t.mate > 0 ? t.side : other(t.side)} wins in ${Math.abs(t.mate)}`;
  if (t.score === null) return 'no score';
  if (t.score === 0) return 'even';
  return t.score > 0 ? `${t.side} +${t.score}` : `${other(t.side)} +${-t.score}`;
}

function other(side) {
  return side === 'black' ? 'white' : 'black';
}

function showThinking() {
  const t = game.thinking;
  const bar = $('score-bar');
  if (!t) {
    $('thinking-line').textContent = '\u00a0';
    $('score-text').textContent = 'no score yet';
    bar.style.width = '50%';
    return;
  }
  // the score is the side to move's (for a hint, the person's): say whose
  const who = `${game.players[t.brain].name}, ${t.hint ? 'hint for' : 'thinking as'} ${t.side}`;
  $('thinking-line').textContent = `${who}: ${t.line || t.text}`;
  let black = 0; // black's advantage, from the thinking side's score or forced result
  if (t.mate) black = t.mate > 0 ? 1 : -1;
  else if (t.score !== null) black = Math.tanh(t.score / 600);
  if (t.side === 'white') black = -black;
  bar.style.width = `${Math.round(50 + 50 * black)}%`;
  $('score-text').textContent = scoreText(t);
}

function showMoves() {
  const list = $('moves');
  list.replaceChildren(...game.moves.map(([x, y], i) => {
    const item = document.createElement('li');
    item.textContent = cellName(x, y);
    if (i < game.openingCount) item.className = 'opening';
    return item;
  }));
  list.scrollTop = list.scrollHeight;
}

function showStatus() {
  const result = $('result');
  result.hidden = !game.over;
  result.textContent = game.over ? game.reason : '';
  let status;
  if (game.over) status = 'Game over';
  else if (game.hintPending) status = 'Looking for a hint…';
  else if (game.brainToMove) status = `${game.players[game.toMove].name} (${game.toMove}) is thinking…`;
  else status = `${game.toMove === 'black' ? 'Black' : 'White'} to move: click a cell`;
  $('status').textContent = status;
  const opponentBrain = game.players[game.toMove === 'black' ? 'white' : 'black'].brain;
  $('hint').disabled = !yourMove() || !opponentBrain || game.hintPending;
  $('undo').disabled = game.moves.length <= game.openingCount;
}

function syncSelects() {
  for (const side of ['black', 'white']) {
    const select = $(side);
    if (document.activeElement !== select) select.value = game.players[side].id;
  }
  $('rule').value = String(game.rule);
  $('time').value = String(game.time);
  const size = game.width === game.height ? String(game.width) : `${game.width}x${game.height}`;
  if (![...$('size').options].some((o) => o.value === size)) $('size').add(new Option(size.replace('x', '×'), size));
  $('size').value = size;
}

function show(state) {
  game = state;
  remember(state.id);
  clockBase = { black: state.clocks.black, white: state.clocks.white, at: performance.now() };
  draw();
  showStatus();
  showThinking();
  showMoves();
  showClocks();
  syncSelects();
  if (state.note) note(state.note);
}

function note(text) {
  $('note').textContent = text;
}

// ---- talking to the server ----

async function poll() {
  const mine = ++pollGeneration;
  while (game && mine === pollGeneration) {
    try {
      const state = await api(`/api/games/${game.id}?since=${game.version}`);
      if (mine === pollGeneration) show(state);
    } catch (error) {
      if (error.status === 404 || error.status === 410) {
        note('This game was closed (left idle too long?): New game starts another.');
        game.id = null;
        return;
      }
      await sleep(1000);
    }
  }
}

async function act(path, form) {
  try {
    show(await api(path, form));
    note('');
  } catch (error) {
    note(error.message || 'the server cannot be reached');
  }
}

function gameUrl(action) {
  return `/api/games/${game.id}/${action}`;
}

function setup() {
  return {
    black: $('black').value,
    white: $('white').value,
    rule: $('rule').value,
    size: $('size').value,
    time: $('time').value,
    opening: $('opening').checked ? '1' : '0',
  };
}

// The game's id lives in the address, so that a reload finds the same game.
function remember(id) {
  const url = new URL(window.location.href);
  if (url.searchParams.get('game') === id) return;
  url.searchParams.set('game', id);
  window.history.replaceState(null, '', url);
}

async function newGame(first) {
  if (game && game.id) {
    await act(gameUrl('new'), setup());
    return;
  }
  try {
    // the first game of a page is the one the command line asks for (--load, --opening)
    show(await api('/api/games', first ? { ...setup(), first: '1' } : setup()));
    poll();
  } catch (error) {
    note(error.message);
  }
}

// A reload: the game named in the address, if the server still has it.
async function resume() {
  const id = new URL(window.location.href).searchParams.get('game');
  if (!id) return false;
  try {
    show(await api(`/api/games/${id}`));
    poll();
    return true;
  } catch (error) {
    note('That game is over and closed: here is a new one.');
    return false;
  }
}

function cellAt(event) {
  if (!game) return null;
  const rect = canvas.getBoundingClientRect();
  const scale = BOARD_UNITS / rect.width;
  const g = geometry();
  const x = Math.round(((event.clientX - rect.left) * scale - g.ox) / g.cell);
  const y = Math.round(((event.clientY - rect.top) * scale - g.oy) / g.cell);
  return x >= 0 && y >= 0 && x < game.width && y < game.height ? [x, y] : null;
}

function save(format) {
  const link = document.createElement('a');
  link.href = `${gameUrl('save')}?format=${format}`;
  link.download = `wuzi-game.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
}

// A saved game (.psq or .sgf) from this computer: the server reads it and play goes on from it.
async function openSaved() {
  const file = $('open-file').files[0];
  $('open-file').value = '';
  if (!file || !game || !game.id) return;
  const format = /\.sgf$/i.test(file.name) ? 'sgf' : 'psq';
  try {
    const response = await fetch(`${gameUrl('load')}?format=${format}`, {
      method: 'POST', headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: await file.text(),
    });
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, text.trim());
    show(JSON.parse(text));
    note(`opened ${file.name}`);
  } catch (error) {
    note(`${file.name}: ${error.message}`);
  }
}

// The boards: the common ones first, then every size the engine plays; rectangles only when
// every brain at the table takes RECTSTART.
function fillSizes() {
  const select = $('size');
  const keep = select.value;
  select.replaceChildren();
  const squares = document.createElement('optgroup');
  squares.label = 'square';
  for (const n of config.sizes) squares.append(new Option(`${n}×${n}`, String(n)));
  select.append(squares);
  const brains = ['black', 'white'].map((side) => $(side).value).filter((id) => id !== 'you');
  const rect = brains.every((id) => id.startsWith('wuzi:') || config.engines.some((e) => e.id === id && e.rect));
  if (rect) {
    const rectangles = document.createElement('optgroup');
    rectangles.label = 'rectangular';
    for (const size of config.rectangles) rectangles.append(new Option(size.replace('x', '×'), size));
    select.append(rectangles);
  }
  if (keep && ![...select.options].some((o) => o.value === keep)) select.add(new Option(keep.replace('x', '×'), keep));
  if (keep) select.value = keep;
}

function fillSelects() {
  const players = [['you', 'You']];
  if (config.wuzi) for (const level of config.levels) players.push([`wuzi:${level}`, `Wuzi ${level}`]);
  for (const engine of config.engines) players.push([engine.id, engine.name]);
  for (const side of ['black', 'white']) {
    for (const [value, text] of players) $(side).add(new Option(text, value));
    // a level given on the command line may not be among the offered ones
    const wanted = config.defaults[side];
    if (![...$(side).options].some((o) => o.value === wanted)) $(side).add(new Option(wanted.replace('wuzi:', 'Wuzi '), wanted));
    $(side).value = wanted;
  }
  for (const rule of config.rules) $('rule').add(new Option(rule.name, String(rule.id)));
  $('rule').value = String(config.defaults.rule);
  const size = config.defaults.width === config.defaults.height ? String(config.defaults.width)
    : `${config.defaults.width}x${config.defaults.height}`;
  fillSizes();
  if (![...$('size').options].some((o) => o.value === size)) $('size').add(new Option(size.replace('x', '×'), size));
  $('size').value = size;
  for (const ms of [100, 300, 1000, 3000, 10000]) $('time').add(new Option(`${ms / 1000} s`, String(ms)));
  if (![...$('time').options].some((o) => o.value === String(config.defaults.time))) {
    $('time').add(new Option(`${config.defaults.time / 1000} s`, String(config.defaults.time)));
  }
  $('time').value = String(config.defaults.time);
  $('opening').checked = config.defaults.opening;
}

function wire() {
  canvas.addEventListener('click', (event) => {
    const cell = cellAt(event);
    if (cell && yourMove()) act(gameUrl('move'), { x: cell[0], y: cell[1] });
  });
  canvas.addEventListener('mousemove', (event) => {
    const cell = cellAt(event);
    if (String(cell) !== String(hover)) {
      hover = cell;
      if (game) draw();
    }
  });
  canvas.addEventListener('mouseleave', () => { hover = null; if (game) draw(); });
  $('undo').addEventListener('click', () => act(gameUrl('undo'), {}));
  $('swap').addEventListener('click', () => act(gameUrl('swap'), {}));
  $('hint').addEventListener('click', () => act(gameUrl('hint'), {}));
  $('new').addEventListener('click', newGame);
  for (const id of ['rule', 'size']) $(id).addEventListener('change', newGame);
  for (const side of ['black', 'white']) {
    $(side).addEventListener('change', () => {
      fillSizes();
      act(gameUrl('settings'), { [side]: $(side).value });
    });
  }
  $('time').addEventListener('change', () => act(gameUrl('settings'), { time: $('time').value }));
  $('save-psq').addEventListener('click', () => save('psq'));
  $('save-sgf').addEventListener('click', () => save('sgf'));
  // the server ends this game's brains when the page goes away (unless it comes back: a reload)
  window.addEventListener('pagehide', () => {
    if (game && game.id) navigator.sendBeacon(gameUrl('leave'));
  });
  $('open').addEventListener('click', () => $('open-file').click());
  $('open-file').addEventListener('change', openSaved);
  setInterval(showClocks, 250);
}

async function start() {
  draw();
  wire();
  try {
    config = await api('/api/config');
  } catch (error) {
    note(`the server cannot be reached: ${error.message}`);
    return;
  }
  fillSelects();
  if (!await resume()) await newGame(true);
}

start();
