// The web board in a real headless browser: Debian's chromium driven by playwright-core.
//
// Starts $WUZI_PLAYER --web 0 (any free port on 127.0.0.1), opens the page and plays as a
// person would: a click on a cell and the brain's stone in reply, a reload that keeps the
// game, undo, a whole game against Wuzi's n1 to the result, then renju with both sides played
// by hand up to a double three, whose cell must be marked and refused; a saved game opened
// from a file; a game clock that runs out; the analysis (Wuzi's best moves marked, a brain's
// scores and the graph of them, stepping through the game); swap2 both ways round. Screenshots
// (the finished game, the renju position, the analysis, the swap2 opening) are kept in
// tests/out/. Ends with the line "N passed, N failed", like every test here.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = fileURLToPath(new URL('../out/', import.meta.url));
const player = process.env.WUZI_PLAYER;
const browserPath = process.env.WUZI_CHROMIUM || '/usr/bin/chromium';
let passed = 0;
let failed = 0;

class Failure extends Error {}
function check(condition, message) {
  if (!condition) throw new Failure(message);
}

async function run(name, test) {
  try {
    await test();
    passed++;
    console.log(`ok   ${name}`);
  } catch (error) {
    failed++;
    // the first line, and what Playwright was waiting for (its call log), names the step that failed
    const [first, ...log] = error.message.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
    console.log(`FAIL ${name}: ${first}`);
    const steps = log.filter((line) => /waiting for|resolved|retrying|not /.test(line)).slice(0, 6);
    for (const step of steps) console.log(`FAIL   ${step.trim()}`);
    if (process.env.WUZI_BROWSER_DEBUG) console.log(error.stack);
  }
}

function startServer(extra = []) {
  const server = spawn(player, ['--web', '0', '--time', '200', '--level', 'n1', ...extra],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = new Promise((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (data) => {
      text += data;
      const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(text);
      if (found) resolve(found[0]);
    });
    server.on('exit', () => reject(new Error(`wuzi-play exited: ${text}`)));
    setTimeout(() => reject(new Error('wuzi-play printed no URL')), 10000);
  });
  return { server, url };
}

const board = (page) => page.locator('#board');
const data = (page) => board(page).evaluate((canvas) => ({ ...canvas.dataset }));

// The page position of cell x,y (protocol coordinates), from the geometry the page publishes.
async function cellPoint(page, x, y) {
  const box = await board(page).boundingBox();
  const d = await data(page);
  const scale = box.width / Number(d.units);
  return [box.x + (Number(d.ox) + x * Number(d.cell)) * scale,
    box.y + (Number(d.oy) + y * Number(d.cell)) * scale];
}

async function click(page, x, y) {
  await board(page).scrollIntoViewIfNeeded();
  const [px, py] = await cellPoint(page, x, y);
  await page.mouse.click(px, py);
}

const waitData = (page, key, value, timeout = 15000) => page.waitForFunction(
  ([k, v]) => document.getElementById('board').dataset[k] === v, [key, String(value)], { timeout });

// The stones in order, read from the move list the page shows ("h8" = x 7, y 15 - 8).
async function movesOnBoard(page) {
  const names = await page.locator('#moves li').allTextContents();
  return names.map((name) => {
    const [, column, row] = /^([a-z]+)(\d+)$/.exec(name);
    return [column.charCodeAt(0) - 97, 15 - Number(row)];
  });
}

// Our side of the game: the cell that makes our longest line, else blocks theirs.
function greedyMove(stones, width, height) {
  const cell = new Map(stones.map(([x, y], i) => [`${x},${y}`, i % 2]));
  const me = stones.length % 2;
  const run = (x, y, dx, dy, side) => {
    let n = 1, open = 0;
    for (const s of [1, -1]) {
      let cx = x + s * dx, cy = y + s * dy;
      while (cell.get(`${cx},${cy}`) === side) { n++; cx += s * dx; cy += s * dy; }
      if (cx >= 0 && cy >= 0 && cx < width && cy < height && !cell.has(`${cx},${cy}`)) open++;
    }
    return n * 4 + open;
  };
  let best = null, bestScore = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (cell.has(`${x},${y}`)) continue;
      let mine = 0, theirs = 0;
      for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        mine = Math.max(mine, run(x, y, dx, dy, me));
        theirs = Math.max(theirs, run(x, y, dx, dy, 1 - me));
      }
      const centre = -Math.abs(x - 7) - Math.abs(y - 7);
      const score = (mine >= 20 ? 1e6 : theirs >= 20 ? 1e5 : mine >= 18 ? 1e4 : theirs >= 18 ? 5e3 : 0)
        + mine * 10 + theirs * 9 + centre * 0.01;
      if (score > bestScore) { bestScore = score; best = [x, y]; }
    }
  }
  return best;
}

const fakeBrain = process.env.WUZI_TOOLS ? `'${process.env.WUZI_TOOLS}/fake_brain' good -nbest -swap2 swap` : null;

// A second server whose --engine is the fake brain: it answers YXNBEST with multipv lines and
// scores (the brain's analysis output), and takes black whenever swap2 lets it choose.
async function engineTests(browser, engine) {
  const { server, url } = startServer(['--engine', engine]);
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(await url);
    await waitData(page, 'stones', 0);

    await run('analysis: the best moves with their scores on the board, the graph of each position seen', async () => {
      await page.selectOption('#black', 'you');
      await page.selectOption('#white', 'you');
      await page.waitForFunction(() => document.getElementById('white').value === 'you');
      const moves = [[7, 7], [8, 8], [8, 6], [6, 8], [9, 5]];
      for (const [i, [x, y]] of moves.entries()) {
        await click(page, x, y);
        await waitData(page, 'stones', i + 1);
      }
      await page.selectOption('#analyst', 'engine:1');
      await page.click('#analyse');
      await page.waitForFunction(() => Number(document.getElementById('board').dataset.scored) >= 3, null,
        { timeout: 15000 });
      const best = await page.locator('#best li').allTextContents();
      check(best.length === 3 && /^[a-o]\d+ +white \+\d+ +depth \d+/.test(best[0]), `best moves ${best}`);
      for (const view of [4, 3, 2]) {
        await page.keyboard.press('ArrowLeft');
        await waitData(page, 'stones', view);
        await page.waitForFunction(() => Number(document.getElementById('board').dataset.scored) >= 3, null,
          { timeout: 15000 });
      }
      await page.waitForFunction(() => Number(document.getElementById('graph').dataset.points) >= 4, null,
        { timeout: 15000 });
      await page.keyboard.press('End');
      await waitData(page, 'stones', 5);
      await page.waitForFunction(() => Number(document.getElementById('board').dataset.scored) >= 3, null,
        { timeout: 15000 });
      await page.screenshot({ path: `${OUT}browser-analysis.png`, fullPage: true });
      // a move tried at an earlier position replaces the rest of the game
      await page.locator('#moves li').nth(2).click();
      await waitData(page, 'stones', 3);
      await click(page, 5, 5);
      await waitData(page, 'stones', 4).catch(async (error) => {
        await page.screenshot({ path: `${OUT}browser-failed.png`, fullPage: true });
        throw error;
      });
      check((await page.locator('#moves li').count()) === 4, 'the old moves are still listed');
      await page.click('#analyse');
      await waitData(page, 'analysing', false);
    });

    await run('swap2, the brain opening: it places three stones and we choose', async () => {
      await page.selectOption('#black', 'engine:1');
      await page.selectOption('#white', 'you');
      await page.selectOption('#start', 'swap2');
      await page.waitForFunction(() => document.getElementById('board').dataset.choosing === 'true', null,
        { timeout: 15000 });
      check(!(await page.locator('#choose-two').isHidden()), 'no "two more" under swap2');
      await page.screenshot({ path: `${OUT}browser-swap2-choice.png`, fullPage: true });
      await page.click('#choose-two');
      await click(page, 3, 3);
      await waitData(page, 'stones', 4);
      await click(page, 11, 11);
      // five stones: the brain chooses, and takes black (SWAP): we are white and place the 6th
      await page.waitForFunction(() => document.getElementById('board').dataset.stage === 'play', null,
        { timeout: 15000 });
      check(await page.locator('#white').inputValue() === 'you', 'we are not white');
      check((await data(page)).yours === 'true', 'not our move after its choice');
    });

    await run('swap2, we open: three stones by hand, and the brain takes black', async () => {
      await page.selectOption('#black', 'you');
      await page.selectOption('#white', 'engine:1');
      await page.click('#new');
      await waitData(page, 'stage', 'place3');
      for (const [i, [x, y]] of [[7, 7], [7, 8], [8, 7]].entries()) {
        await click(page, x, y);
        await waitData(page, 'stones', i + 1);
      }
      await page.screenshot({ path: `${OUT}browser-swap2-brain-took-black.png`, fullPage: true });
      await page.waitForFunction(() => document.getElementById('board').dataset.stage === 'play', null,
        { timeout: 15000 });
      check(await page.locator('#black').inputValue() === 'engine:1', 'the brain did not take black');
      check((await data(page)).yours === 'true', 'we do not play the 4th stone');
      await page.selectOption('#start', 'empty');
    });

    await run('the second page raised no script error', async () => {
      check(errors.length === 0, errors.join('; '));
    });
  } finally {
    await page.close();
    server.kill('SIGTERM');
  }
}

async function main() {
  if (!player) {
    console.log('FAIL: WUZI_PLAYER is not set');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  mkdirSync(OUT, { recursive: true });
  const { server, url } = startServer();
  const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    const address = await url;

    await run('the page opens on an empty board against Wuzi n1', async () => {
      await page.goto(address);
      await waitData(page, 'stones', 0);
      check(await page.locator('#white').inputValue() === 'wuzi:n1', 'white is not Wuzi n1');
      check(/Black to move/.test(await page.locator('#status').textContent()), 'no "Black to move"');
    });

    await run('a click puts a stone and the brain answers with its own', async () => {
      await click(page, 7, 7);
      await waitData(page, 'stones', 2);
      const moves = await page.locator('#moves li').allTextContents();
      check(moves.length === 2 && moves[0] === 'h8', `moves ${moves}`);
    });

    await run('a reload keeps the game: its id is in the address', async () => {
      const before = new URL(page.url()).searchParams.get('game');
      check(before && before.length === 24, `the address ${page.url()} names no game`);
      await page.reload();
      await waitData(page, 'stones', 2);
      check(new URL(page.url()).searchParams.get('game') === before, 'another game after the reload');
      const moves = await page.locator('#moves li').allTextContents();
      check(moves[0] === 'h8', `moves ${moves}`);
    });

    await run('the score bar is labelled and says whose score it shows', async () => {
      check(/Evaluation/.test(await page.locator('.score-label').textContent()), 'no label');
      const text = await page.locator('#score-text').textContent();
      check(/black|white|even|no score/.test(text), `score text "${text}"`);
      check(/black/.test(await page.locator('.score-ends').textContent()), 'the bar\'s ends are not named');
    });

    await run('the size menu offers what the engine plays, the common sizes first', async () => {
      const values = await page.locator('#size option').evaluateAll((options) => options.map((o) => o.value));
      check(values.slice(0, 3).join() === '15,19,20', `first sizes ${values.slice(0, 3)}`);
      for (const n of ['5', '13', '32']) check(values.includes(n), `no ${n}×${n}`);
      check(values.includes('20x15'), 'no rectangle although Wuzi plays them');
    });

    await run('undo takes back the brain\'s move and ours', async () => {
      await page.click('#undo');
      await waitData(page, 'stones', 0);
      check(await page.locator('#moves li').count() === 0, 'the move list is not empty');
    });

    await run('hint: n1 marks a free cell for us', async () => {
      await page.click('#hint');
      await page.waitForFunction(() => document.getElementById('board').dataset.hint !== '', null,
        { timeout: 15000 });
      const [x, y] = (await data(page)).hint.split(',').map(Number);
      check(x >= 0 && x < 15 && y >= 0 && y < 15, `hint ${x},${y}`);
    });

    await run('a game against n1 ends with the result shown', async () => {
      for (let move = 0; move < 120; move++) {
        await page.waitForFunction(() => {
          const d = document.getElementById('board').dataset;
          return d.over === 'true' || d.yours === 'true';
        }, null, { timeout: 15000 });
        if ((await data(page)).over === 'true') break;
        const stones = await movesOnBoard(page);
        const [x, y] = greedyMove(stones, 15, 15);
        await click(page, x, y);
        await page.waitForFunction((n) => Number(document.getElementById('board').dataset.stones) > n,
          stones.length, { timeout: 15000 });
      }
      await page.locator('#result').waitFor({ state: 'visible', timeout: 15000 });
      const result = await page.locator('#result').textContent();
      check(/wins|draw/.test(result), `result "${result}"`);
      await page.screenshot({ path: `${OUT}browser-finished-game.png` });
    });

    await run('renju: black\'s double-three cell is marked and refused', async () => {
      await page.selectOption('#black', 'you');
      await page.selectOption('#white', 'you');
      await page.waitForFunction(() => document.getElementById('white').value === 'you');
      await page.selectOption('#rule', '4');
      await waitData(page, 'stones', 0);
      await page.waitForFunction(() => /renju/.test(document.getElementById('rule').selectedOptions[0].text));
      // black f8 g8 (a two in a row) and h10 h9 (in a column): h8 would make two open threes
      const moves = [[5, 7], [0, 0], [6, 7], [0, 2], [7, 5], [0, 4], [7, 6], [0, 6]];
      for (const [i, [x, y]] of moves.entries()) {
        await click(page, x, y);
        await waitData(page, 'stones', i + 1);
      }
      const marked = Number((await data(page)).forbidden);
      check(marked >= 1, `${marked} forbidden cells marked`);
      await click(page, 7, 7);
      await page.waitForFunction(() => /forbidden/.test(document.getElementById('note').textContent), null,
        { timeout: 5000 });
      check((await data(page)).stones === '8', 'the forbidden move was played');
      await page.screenshot({ path: `${OUT}browser-renju-forbidden.png` });
    });

    await run('a saved game opens from a file and play goes on from it', async () => {
      await page.setInputFiles('#open-file', {
        name: 'saved.psq', mimeType: 'text/plain',
        buffer: Buffer.from('Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,9,0\nyou\nyou\n0\n'),
      });
      await waitData(page, 'stones', 3);
      const moves = await page.locator('#moves li').allTextContents();
      check(moves.join() === 'h8,i7,h7', `moves ${moves}`);
      check(/opened saved.psq/.test(await page.locator('#note').textContent()), 'no note');
    });

    await run('a game clock counts down and the side whose clock runs out loses', async () => {
      await page.evaluate(async () => {
        const id = new URL(window.location.href).searchParams.get('game');
        await fetch(`/api/games/${id}/new`, {
          method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'black=you&white=wuzi:n1&rule=0&size=15&clock=2500&openingRule=none&opening=0',
        });
      });
      await page.locator('#clock-black', { hasText: 'left' }).waitFor({ timeout: 10000 });
      await page.locator('#result').waitFor({ state: 'visible', timeout: 15000 });
      const result = await page.locator('#result').textContent();
      check(/white wins: you \(black\) ran out of time/.test(result), `result "${result}"`);
      check((await page.locator('#clock-black').textContent()) === '0:00 left', 'black\'s clock is not at 0');
      check((await data(page)).yours === 'false', 'a move is still offered after the loss');
      await page.selectOption('#clock', '0');
      await waitData(page, 'over', false);
    });

    await run('analysis: Wuzi marks its best moves; stepping back shows an earlier position', async () => {
      // a few moves against Wuzi at depth 4: its scores make the graph's first points
      await page.selectOption('#white', 'wuzi:depth4');
      await page.selectOption('#rule', '0');
      await waitData(page, 'stones', 0);
      for (let i = 0; i < 3; i++) {
        await page.waitForFunction(() => document.getElementById('board').dataset.yours === 'true', null,
          { timeout: 15000 });
        const [x, y] = greedyMove(await movesOnBoard(page), 15, 15);
        await click(page, x, y);
        await waitData(page, 'stones', 2 * i + 2);
      }
      await page.selectOption('#analyst', 'wuzi:max');
      await page.click('#analyse');
      await waitData(page, 'analysing', true);
      await page.waitForFunction(() => Number(document.getElementById('board').dataset.best) >= 1, null,
        { timeout: 20000 });
      const points = Number(await page.locator('#graph').getAttribute('data-points'));
      check(points >= 2, `${points} points on the graph`);
      await page.screenshot({ path: `${OUT}browser-analysis-wuzi.png`, fullPage: true });
      await page.click('#back');
      await waitData(page, 'stones', 5);
      check(/move 5 of 6/.test(await page.locator('#view-text').textContent()), 'not at move 5');
      await page.keyboard.press('Home');
      await waitData(page, 'stones', 0);
      await page.click('#last');
      await waitData(page, 'stones', 6);
      await page.click('#analyse');
      await waitData(page, 'analysing', false);
    });

    await run('the page raised no script error', async () => {
      check(pageErrors.length === 0, pageErrors.join('; '));
    });

    if (fakeBrain) await engineTests(browser, fakeBrain);
    else console.log('SKIP: the analysis with scores and swap2 against a brain that swaps: WUZI_TOOLS is not set');
  } catch (error) {
    failed++;
    console.log(`FAIL: ${error.message.split('\n')[0]}`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main();
