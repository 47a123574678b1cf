// Wuzi's web board: draws the game the server holds and sends what the person does.
// The server judges every move and drives the brains; this page only shows the state it gets
// (GET /api/games/ID?since=VERSION waits for news) and posts clicks and buttons: moves, the
// swap opening's choices, the analysis (on, its brain, the position shown) and the game's set-up.
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

// The stones on the board shown: the game's first `view` moves (all of them unless analysing).
function shownMoves() {
  return game.moves.slice(0, game.view);
}

const analysing = () => game && game.analysis.on;

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
  if (!t || !t.pv.length || game.over || analysing()) return;
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

// A score as the board shows it beside a best move: the side to move's, "+35", "W3" for a win.
function shortScore(best) {
  if (best.mate) return best.mate > 0 ? `W${best.mate}` : `L${-best.mate}`;
  if (best.score === null) return '';
  return best.score > 0 ? `+${best.score}` : String(best.score);
}

// The analysis's best moves: numbered discs, the best in green, with their scores.
function drawBest(g) {
  if (!analysing()) return;
  const taken = new Set(shownMoves().map(([x, y]) => `${x},${y}`));
  game.analysis.best.forEach((best, i) => {
    if (!best.pv.length) return;
    const [x, y] = best.pv[0];
    if (taken.has(`${x},${y}`)) return;
    const cx = g.ox + x * g.cell, cy = g.oy + y * g.cell;
    ctx.fillStyle = i === 0 ? 'rgba(29, 138, 58, 0.85)' : 'rgba(40, 90, 170, 0.75)';
    ctx.beginPath();
    ctx.arc(cx, cy, g.cell * 0.4, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${Math.min(15, g.cell * 0.48)}px system-ui, sans-serif`;
    ctx.fillText(String(i + 1), cx, cy - (shortScore(best) ? g.cell * 0.1 : 0));
    const score = shortScore(best);
    if (score) {
      ctx.font = `${Math.min(10, g.cell * 0.3)}px system-ui, sans-serif`;
      ctx.fillText(score, cx, cy + g.cell * 0.22);
    }
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
  const last = shownMoves()[game.view - 1];
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
  shownMoves().forEach(([x, y], i) => drawStone(g, x, y, i % 2 === 0, 1));
  const free = hover && !shownMoves().some(([x, y]) => x === hover[0] && y === hover[1]);
  if (free && yourMove()) drawStone(g, hover[0], hover[1], game.view % 2 === 0, 0.45);
  drawMarks(g);
  drawBest(g);
  // for people's tools and the browser test: where the cells are, what is on the board
  Object.assign(canvas.dataset, {
    cell: g.cell, ox: g.ox, oy: g.oy, units: BOARD_UNITS,
    stones: game.view, forbidden: game.forbidden.length,
    hint: game.hint ? String(game.hint) : '', over: game.over, yours: yourMove(),
    analysing: analysing(), best: analysing() ? game.analysis.best.length : 0,
    scored: analysing() ? game.analysis.best.filter((b) => b.score !== null || b.mate).length : 0,
    stage: game.stage, choosing: game.choosing && !game.players[game.actor].brain,
  });
}

// ---- the score graph: black's share of each position analysed, the position shown marked ----

const graph = $('graph');
const graphCtx = graph.getContext('2d');

function evalShare(e) {
  if (e.mate) return e.mate > 0 ? 1 : -1;
  return Math.tanh(e.score / 600);
}

function graphX(ply, w) {
  return 10 + (w - 20) * ply / Math.max(1, game.moves.length);
}

function drawGraph() {
  const w = graph.width, h = graph.height;
  graphCtx.clearRect(0, 0, w, h);
  graphCtx.fillStyle = '#f4efe6';
  graphCtx.fillRect(0, h / 2, w, h / 2);
  graphCtx.strokeStyle = '#c9bca6';
  graphCtx.beginPath();
  graphCtx.moveTo(0, h / 2);
  graphCtx.lineTo(w, h / 2);
  graphCtx.stroke();
  if (!game) return;
  const y = (share) => h / 2 - share * (h / 2 - 8);
  const points = game.evals.map(([ply, e]) => [graphX(ply, w), y(evalShare(e))]);
  if (points.length) {
    graphCtx.fillStyle = 'rgba(20, 20, 20, 0.18)';
    graphCtx.beginPath();
    graphCtx.moveTo(points[0][0], h / 2);
    for (const [px, py] of points) graphCtx.lineTo(px, py);
    graphCtx.lineTo(points[points.length - 1][0], h / 2);
    graphCtx.fill();
    graphCtx.strokeStyle = '#2a2118';
    graphCtx.lineWidth = 2;
    graphCtx.beginPath();
    points.forEach(([px, py], i) => (i ? graphCtx.lineTo(px, py) : graphCtx.moveTo(px, py)));
    graphCtx.stroke();
    graphCtx.fillStyle = '#2a2118';
    for (const [px, py] of points) {
      graphCtx.beginPath();
      graphCtx.arc(px, py, 3, 0, 2 * Math.PI);
      graphCtx.fill();
    }
  }
  graphCtx.strokeStyle = '#c0271b';
  graphCtx.lineWidth = 2;
  graphCtx.beginPath();
  graphCtx.moveTo(graphX(game.view, w), 0);
  graphCtx.lineTo(graphX(game.view, w), h);
  graphCtx.stroke();
  graph.dataset.points = points.length;
}

// ---- the panel ----

function yourMove() {
  if (!game) return false;
  if (analysing()) return !(game.over && game.view === game.moves.length);
  return !game.over && !game.choosing && !game.players[game.actor].brain;
}

function clockText(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

let clockBase = null; // [black ms, white ms, when received]

// Each side's clock: the time left with a game clock, else the time used.
function showClocks() {
  if (!game || !clockBase) return;
  for (const side of ['black', 'white']) {
    const running = game.clocks.running === side;
    const used = clockBase[side] + (running ? performance.now() - clockBase.at : 0);
    const el = $(`clock-${side}`);
    if (game.gameTime > 0) {
      const left = Math.max(0, game.gameTime - used);
      el.textContent = `${clockText(Math.ceil(left / 1000) * 1000)} left`;
      el.classList.toggle('low', left < 10000);
    } else {
      el.textContent = clockText(used);
      el.classList.remove('low');
    }
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
  // analysing: the bar shows the best move's score, from the side to move's view
  const best = analysing() && game.analysis.best.find((b) => b.score !== null || b.mate);
  const t = best ? { ...best, side: game.analysis.side, brain: null } : game.thinking;
  const bar = $('score-bar');
  if (!t) {
    $('thinking-line').textContent = '\u00a0';
    $('score-text').textContent = 'no score yet';
    bar.style.width = '50%';
    return;
  }
  // the score is the side to move's (for a hint, the person's): say whose
  if (t.brain) {
    const who = `${game.players[t.brain].name}, ${t.hint ? 'hint for' : 'thinking as'} ${t.side}`;
    $('thinking-line').textContent = `${who}: ${t.line || t.text}`;
  } else {
    $('thinking-line').textContent = `${game.analysis.brainName}, analysing for ${t.side}${t.depth ? `: depth ${t.depth}` : ''}`;
  }
  let black = 0; // black's advantage, from the thinking side's score or forced result
  if (t.mate) black = t.mate > 0 ? 1 : -1;
  else if (t.score !== null) black = Math.tanh(t.score / 600);
  if (t.side === 'white') black = -black;
  bar.style.width = `${Math.round(50 + 50 * black)}%`;
  $('score-text').textContent = scoreText(t);
}

// The list is updated in place: a poll replacing its items would lose a click made between them.
function showMoves() {
  const list = $('moves');
  while (list.children.length > game.moves.length) list.lastElementChild.remove();
  while (list.children.length < game.moves.length) list.append(document.createElement('li'));
  game.moves.forEach(([x, y], i) => {
    const item = list.children[i];
    const name = cellName(x, y);
    if (item.textContent !== name) item.textContent = name;
    item.classList.toggle('opening', i < game.openingCount);
    item.classList.toggle('viewing', analysing() && i === game.view - 1);
    item.dataset.ply = i + 1;
  });
  if (!analysing()) list.scrollTop = list.scrollHeight;
}

function showStatus() {
  const result = $('result');
  result.hidden = !game.over;
  result.textContent = game.over ? game.reason : '';
  let status;
  const actor = game.players[game.actor];
  const toMove = game.view % 2 === 0 ? 'black' : 'white';
  const rule = game.openingRule === 'swap2' ? 'Swap2' : 'Swap';
  if (analysing()) status = `Analysis: ${toMove} to move after move ${game.view} of ${game.moves.length} — click a cell to try a move`;
  else if (game.over) status = 'Game over';
  else if (game.stage === 'place3' || game.stage === 'place2') {
    const which = game.moves.length + 1;
    status = actor.brain ? `${rule}: ${actor.name} places the opening's stones…`
      : `${rule}: place stone ${which} (${which % 2 ? 'black' : 'white'}) — ${game.stage === 'place3' ? 'three stones: black, white, black' : 'two more: white, black'}`;
  } else if (game.choosing) status = actor.brain ? `${rule}: ${actor.name} chooses a colour…` : `${rule}: choose your colour`;
  else if (game.hintPending) status = 'Looking for a hint…';
  else if (game.brainToMove) status = `${game.players[game.toMove].name} (${game.toMove}) is thinking…`;
  else status = `${game.toMove === 'black' ? 'Black' : 'White'} to move: click a cell`;
  $('status').textContent = status;
  showChoice();
  const opponentBrain = game.players[game.toMove === 'black' ? 'white' : 'black'].brain;
  $('hint').disabled = !yourMove() || !opponentBrain || game.hintPending || analysing() || game.stage !== 'play';
  $('undo').disabled = game.moves.length <= game.openingCount || game.stage !== 'play';
  $('swap').disabled = game.stage !== 'play';
}

// The swap opening's choice, when it is the person's.
function showChoice() {
  const mine = game.choosing && !game.over && !game.players[game.actor].brain;
  $('choice').hidden = !mine;
  if (!mine) return;
  const two = game.stage === 'choose3' && game.openingRule === 'swap2';
  $('choose-two').hidden = !two;
  $('choice-text').textContent = game.stage === 'choose3'
    ? `Choose: black (white moves next), white (you place the 4th stone)${two ? ', or place two more stones and let the other choose' : ''}`
    : 'Choose your colour: black, or white (you place the 6th stone)';
}

// The analysis panel: its switch, its best moves with their scores, the position shown.
function showAnalysis() {
  const a = game.analysis;
  document.body.classList.toggle('analysing', a.on);
  $('analyse').setAttribute('aria-pressed', String(a.on));
  $('analyse').textContent = a.on ? 'Stop analysing' : 'Analyse';
  $('analyse').disabled = game.stage !== 'play';
  if (a.brain && document.activeElement !== $('analyst')) $('analyst').value = a.brain;
  if (document.activeElement !== $('lines')) $('lines').value = String(a.lines);
  for (const id of ['first', 'back', 'forward', 'last']) $(id).disabled = !a.on;
  $('back').disabled = $('first').disabled = !a.on || game.view === 0;
  $('forward').disabled = $('last').disabled = !a.on || game.view === game.moves.length;
  $('view-text').textContent = `move ${game.view} of ${game.moves.length}`;
  $('best').replaceChildren(...(a.on ? a.best : []).map((best) => {
    const item = document.createElement('li');
    const cell = best.pv.length ? cellName(best.pv[0][0], best.pv[0][1]) : '-';
    const score = best.score !== null || best.mate ? scoreText({ ...best, side: a.side }) : 'no score yet';
    const line = best.pv.slice(1, 8).map(([x, y]) => cellName(x, y)).join(' ');
    item.textContent = `${cell}  ${score}${best.depth ? `  depth ${best.depth}` : ''}${line ? `  (${line})` : ''}`;
    return item;
  }));
  $('analysis-message').textContent = a.on ? (a.message || (a.finished ? '' : `${a.brainName} is thinking…`)) : '';
  drawGraph();
}

function syncSelects() {
  for (const side of ['black', 'white']) {
    const select = $(side);
    if (document.activeElement !== select) select.value = game.players[side].id;
  }
  $('rule').value = String(game.rule);
  $('time').value = String(game.time);
  if (![...$('clock').options].some((o) => o.value === String(game.gameTime))) {
    $('clock').add(new Option(clockText(game.gameTime), String(game.gameTime)));
  }
  $('clock').value = String(game.gameTime);
  if (game.openingRule !== 'none') $('start').value = game.openingRule;
  else if ($('start').value === 'swap' || $('start').value === 'swap2') $('start').value = game.openingCount ? 'balanced' : 'empty';
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
  showAnalysis();
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
  const start = $('start').value;
  return {
    black: $('black').value,
    white: $('white').value,
    rule: $('rule').value,
    size: $('size').value,
    time: $('time').value,
    clock: $('clock').value,
    opening: start === 'balanced' ? '1' : '0',
    openingRule: start === 'swap' || start === 'swap2' ? start : 'none',
  };
}

// Analysis on or off, another brain or count of best moves, another position shown.
function analysis(form) {
  return act(gameUrl('analysis'), form);
}

function step(view) {
  if (analysing() && view >= 0 && view <= game.moves.length && view !== game.view) analysis({ view });
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
  const clocks = [[0, 'none'], [60000, '1 min'], [180000, '3 min'], [300000, '5 min'], [600000, '10 min'],
    [900000, '15 min'], [1800000, '30 min']];
  for (const [ms, text] of clocks) $('clock').add(new Option(text, String(ms)));
  if (!clocks.some(([ms]) => ms === config.defaults.clock)) {
    $('clock').add(new Option(clockText(config.defaults.clock), String(config.defaults.clock)));
  }
  $('clock').value = String(config.defaults.clock);
  $('start').value = config.defaults.openingRule !== 'none' ? config.defaults.openingRule
    : config.defaults.opening ? 'balanced' : 'empty';
  // the analysis's brain: Wuzi's levels and the --engine brains
  for (const [value, text] of players.slice(1)) $('analyst').add(new Option(text, value));
  if (config.defaults.analyst) $('analyst').value = config.defaults.analyst;
  for (let n = 1; n <= config.bestMax; n++) $('lines').add(new Option(String(n), String(n)));
  $('lines').value = '3';
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
  $('clock').addEventListener('change', newGame);
  $('start').addEventListener('change', newGame);
  for (const choice of ['black', 'white', 'two']) {
    $(`choose-${choice}`).addEventListener('click', () => act(gameUrl('choose'), { choice }));
  }
  $('analyse').addEventListener('click', () => analysis({
    on: analysing() ? '0' : '1', brain: $('analyst').value, lines: $('lines').value,
  }));
  $('analyst').addEventListener('change', () => analysis({ brain: $('analyst').value }));
  $('lines').addEventListener('change', () => analysis({ lines: $('lines').value }));
  $('first').addEventListener('click', () => step(0));
  $('back').addEventListener('click', () => step(game.view - 1));
  $('forward').addEventListener('click', () => step(game.view + 1));
  $('last').addEventListener('click', () => step(game.moves.length));
  document.addEventListener('keydown', (event) => {
    if (!analysing() || event.target.closest('select, input')) return;
    if (event.key === 'ArrowLeft') step(game.view - 1);
    else if (event.key === 'ArrowRight') step(game.view + 1);
    else if (event.key === 'Home') step(0);
    else if (event.key === 'End') step(game.moves.length);
    else return;
    event.preventDefault();
  });
  $('moves').addEventListener('click', (event) => {
    const item = event.target.closest('li');
    if (item) step(Number(item.dataset.ply));
  });
  graph.addEventListener('click', (event) => {
    if (!game) return;
    const rect = graph.getBoundingClientRect();
    const x = (event.clientX - rect.left) * graph.width / rect.width;
    const ply = Math.round((x - 10) / (graph.width - 20) * Math.max(1, game.moves.length));
    step(Math.min(game.moves.length, Math.max(0, ply)));
  });
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
