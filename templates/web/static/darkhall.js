// Dark Hall at the table: the board drawn from the rules' own geometry, pieces placed
// by tapping, the monster's move stepped through, token moves checked, saved with undo.
import { SavedGame, busy, call, element, words, zoomable } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = { red: "#c0392b", blue: "#2d5fa8", green: "#2f7a4f", yellow: "#d4a017",
                  purple: "#7a3fa0", orange: "#e67e22", white: "#f4f4f4" };
const ARROW = { N: "0,-3.5 3,3 -3,3", E: "3.5,0 -3,3 -3,-3", S: "0,3.5 -3,-3 3,-3",
                W: "-3.5,0 3,-3 3,3" };
const board = document.getElementById("board");
const story = document.getElementById("story");
const slider = document.getElementById("step");
let geometry = null;
let state = null;      // the position now (the saved game's last state)
let result = null;     // the last monster move, stepped through with the slider
let mode = null;       // stone, monster, erase or move
let path = [];         // a token move being tapped: [token id, squares…]
let pool = [];         // the squares of a blood pool being tapped (four make one)
const saved = new SavedGame("darkhall");

function cellOf(square) {
  return geometry.squares.find((s) => s.name === square);
}

function shape(tag, attributes) {
  const made = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  return made;
}

// The pieces of a position as square → piece, and the monster.
function piecesOf(position) {
  const at = new Map();
  for (const square of position.stones) at.set(square, { kind: "stone" });
  for (const token of position.tokens) {
    if (token.square && token.square !== "out") {  // out: off the board, in the standing
      at.set(token.square, { kind: "token", id: token.id, face: token.face });
    }
  }
  return { at, monster: { ...position.monster } };
}

// The position after ``count`` steps of the move: pushes and eaten tokens applied in order.
function afterSteps(count) {
  if (count >= result.steps.length) return piecesOf(result.state);
  const shown = piecesOf(result.before);
  for (const step of result.steps.slice(0, count)) {
    for (const push of step.pushed) {
      const piece = shown.at.get(push.from) ||
        (push.piece === "stone" ? { kind: "stone" } : { kind: "token", id: push.piece });
      shown.at.delete(push.from);
      if (push.to) shown.at.set(push.to, piece);
    }
    for (const token of step.eaten) {
      for (const [square, piece] of shown.at) if (piece.id === token) shown.at.delete(square);
    }
    shown.monster = { square: step.to, facing: step.facing };
  }
  return shown;
}

const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

// The lettered wall segments, as printed: a letter just outside each wall square's side.
function walls() {
  return geometry.walls.map((wall) => {
    const cell = cellOf(wall.square);
    const [dx, dy] = STEP[wall.heading];
    const letter = shape("text", { x: cell.x * 10 + 5 + dx * 6.6, y: cell.y * 10 + 6.4 + dy * 6.6,
                                   "font-size": 3.6, "text-anchor": "middle", fill: "#6b5d48",
                                   "data-wall": wall.letter, "pointer-events": "none" });
    letter.textContent = wall.letter;
    return letter;
  });
}

function draw(shown, position) {
  board.replaceChildren(...walls());
  const blood = new Set(position.pools.flat());
  for (const cell of geometry.squares) {
    const square = shape("rect", { x: cell.x * 10 + 0.3, y: cell.y * 10 + 0.3, width: 9.4,
                                   height: 9.4, rx: 0.8, "data-square": cell.name,
                                   fill: blood.has(cell.name) ? "#b33a3a" : "#fbf8f1",
                                   stroke: "#9a8f7c", "stroke-width": 0.3 });
    square.addEventListener("click", () => tapped(cell.name));
    const label = shape("text", { x: cell.x * 10 + 1.2, y: cell.y * 10 + 3.2, "font-size": 2.4,
                                  fill: "#b3a88f", "pointer-events": "none" });
    label.textContent = cell.name;  // the story's square names, on the board
    board.append(square, label);
  }
  for (const [square, piece] of shown.at) {
    const cell = cellOf(square);
    const cx = cell.x * 10 + 5, cy = cell.y * 10 + 5;
    if (piece.kind === "stone") {
      board.append(shape("circle", { cx, cy, r: 3.6, fill: "#777", "data-piece": "stone",
                                     "data-at": square, "pointer-events": "none" }));
    } else {
      const colour = COLOURS[piece.id.split("-")[0]] || "#444";
      board.append(shape("circle", { cx, cy, r: 3.8, fill: colour, stroke: "#222",
                                     "stroke-width": 0.3, "data-piece": piece.id,
                                     "data-at": square, "pointer-events": "none" }));
      const face = shape("text", { x: cx, y: cy + 1.4, "font-size": 4, "text-anchor": "middle",
                                   fill: "#fff", "pointer-events": "none" });
      face.textContent = piece.face ?? "";
      board.append(face);
    }
  }
  const m = cellOf(shown.monster.square);
  board.append(shape("polygon", { points: ARROW[shown.monster.facing],
                                  transform: `translate(${m.x * 10 + 5} ${m.y * 10 + 5})`,
                                  fill: "#111", "data-piece": "monster",
                                  "data-at": shown.monster.square, "pointer-events": "none" }));
}

function show() {
  if (result && Number(slider.value) < result.steps.length) {
    draw(afterSteps(Number(slider.value)), result.before);
  } else {
    draw(piecesOf(state), state);
  }
  document.getElementById("step-number").textContent = slider.value;
}

// Save a position as the game's next state: a refused position (a pool of a wrong shape,
// say) is not taken.
async function save(position, drawn) {
  state = position;  // at once: a tap meanwhile builds on it, not on an older copy
  await saved.save(position, drawn);
  await standing();
}

async function start(url) {
  result = null;
  slider.max = 0;
  slider.value = 0;
  story.replaceChildren();
  saved.forget();
  await save(await call("GET", url));
  show();
}

// A piece placed or erased: shown at once and saved behind it, so the next quick tap
// builds on this one (the saves go one after the other).
function edited(change) {
  const position = structuredClone(state);
  change(position);
  state = position;
  result = null;
  slider.max = 0;
  slider.value = 0;
  show();
  save(position).catch(() => {  // refused: back to the game as last saved
    state = saved.last ? saved.last.state : state;
    show();
  });
}

function tapped(square) {
  if (mode === "stone") {
    edited((p) => {
      p.stones = p.stones.includes(square) ? p.stones.filter((s) => s !== square)
                                           : [...p.stones, square];
    });
  } else if (mode === "token") {
    // the next token waiting off the board goes onto the square (a tap on a token lifts it)
    edited((p) => {
      const here = p.tokens.find((t) => t.square === square);
      const waiting = p.tokens.find((t) => !t.square);
      if (here) here.square = null;
      else if (waiting) waiting.square = square;
    });
  } else if (mode === "pool") {
    pool = pool.includes(square) ? pool.filter((s) => s !== square) : [...pool, square];
    document.getElementById("status").textContent = pool.join(" ");
    if (pool.length === 4) {
      const squares = pool;
      pool = [];
      edited((p) => { p.pools = [...p.pools, squares]; });
    }
  } else if (mode === "monster") {
    const turn = { N: "E", E: "S", S: "W", W: "N" };
    edited((p) => {
      p.monster = p.monster.square === square ? { square, facing: turn[p.monster.facing] }
                                              : { square, facing: p.monster.facing };
    });
  } else if (mode === "erase") {
    edited((p) => {
      p.stones = p.stones.filter((s) => s !== square);
      p.pools = p.pools.filter((squares) => !squares.includes(square));
      for (const token of p.tokens) if (token.square === square) token.square = null;
    });
  } else if (mode === "move") {
    const token = state.tokens.find((t) => t.square === square);
    const at = path.length > 1 ? path[path.length - 1]
      : state.tokens.find((t) => t.id === path[0])?.square;
    if (path.length === 0 && token) path = [token.id];
    else if (path.length > 0 && square === "a1" && at === "a1") path.push("out");  // the exit
    else if (path.length > 0) path.push(square);
    document.getElementById("status").textContent = path.join(" → ");
  }
}

async function monster(tile, drawn) {
  const before = state;
  const answer = await call("POST", "/api/darkhall/monster", { state: before, tile });
  result = { ...answer, before };
  story.replaceChildren(...answer.steps.map((step, index) => element("li", {},
    describeStep(step, index === 0 ? before.monster.facing : answer.steps[index - 1].facing))));
  slider.max = answer.steps.length;
  slider.value = answer.steps.length;
  document.getElementById("status").textContent =
    `${words.eaten}: ${answer.eaten.join(", ") || words.none}` +
    (answer.winner ? ` · ${words.winner}: ${colourName(answer.winner)}` : "");
  await save(answer.state, drawn);
  show();
}

// One step in words: what the monster saw, where it turned, walls, slides, pushes, meals.
function describeStep(step, facingBefore) {
  const parts = [`${step.from} → ${step.to}`];
  if (step.facing !== facingBefore) {
    parts.push(`${words.turned} ${words[`side_${step.facing}`] || step.facing}`);
  }
  if (step.look.seen.length) {
    parts.push(`${words.seen}: ${step.look.seen.map((s) => `${s.token} (${s.distance})`).join(", ")}`);
  }
  if (step.wall) parts.push(`${words.wall} ${step.wall}`);
  if (step.slid.length) parts.push(`${words.slid} ${step.slid.join(" ")}`);
  for (const push of step.pushed) {
    parts.push(`${words.pushed} ${push.piece} ${push.from} → ${push.to ?? "✕"}`);
  }
  if (step.eaten.length) parts.push(`${words.eaten}: ${step.eaten.join(", ")}`);
  return parts.join(" · ");
}

async function standing() {
  const answer = await call("POST", "/api/darkhall/standing", { state });
  const list = document.getElementById("standing");
  list.replaceChildren(...answer.players.map((p) => element("li", {},
    `${colourName(p.player)}: ${words.out} ${p.out}/${p.needed}`)));
  if (answer.winner) list.append(element("li", { class: "winner" }, `${words.winner}: ${colourName(answer.winner)}`));
  else if (answer.leaders.length) list.append(element("li", {}, `${words.leader}: ${answer.leaders.map(colourName).join(", ")}`));
  document.getElementById("turn").textContent = status(answer);
  drawWaiting(answer.over);
}

function colourName(player) {
  return words[`colour_${player}`] || player;
}

// The tokens that must still move this round (round 1: two a player, the rest wait).
function toMove() {
  const live = state.tokens.filter((t) => t.square !== "out" && !state.moved.includes(t.id));
  if (state.round !== 1) return live;
  const count = (player) => state.moved.filter((id) => id.split("-")[0] === player).length;
  return live.filter((t) => count(t.id.split("-")[0]) < 2);
}

// Whose move it is and what to do now, in words.
function status(answer) {
  if (answer.over) {
    return answer.winner ? `${words.winner}: ${colourName(answer.winner)}` : answer.why;
  }
  const round = `${words.dh_round} ${state.round} (${words.stage} ${state.stage})`;
  const left = toMove();
  if (!state.tokens.length) return `${round} — ${words.dh_no_tokens}`;
  return left.length
    ? `${round} — ${words.dh_move_tokens} (${left.map((t) => t.id).join(" ")}), ${words.dh_then_draw}`
    : `${round} — ${words.dh_draw_now}`;
}

// Tokens waiting before the entrance: a tap starts their move (they enter on p11).
function drawWaiting(over) {
  const waiting = state.tokens.filter((t) => !t.square);
  const row = document.getElementById("waiting");
  row.replaceChildren(...(over ? [] : waiting).map((t) => {
    const made = element("button", { type: "button", "data-token": t.id },
                         `${t.id} (${t.face})`);
    made.addEventListener("click", () => {
      mode = "move";
      for (const other of document.querySelectorAll("#modes button")) {
        other.classList.toggle("active", other.dataset.mode === "move");
      }
      document.getElementById("check").hidden = false;
      path = [t.id];
      document.getElementById("status").textContent = path.join(" → ");
    });
    return made;
  }));
  document.getElementById("waiting-label").hidden = !waiting.length || over;
}

// The next tile of the game's monster deck (saved with the game, undone with it).
async function drawTile() {
  await busy(drawn);
}


async function drawn() {
  const deck = saved.deck;
  const answer = await call("POST", "/api/darkhall/deck/draw", deck ? { deck } : {});
  document.getElementById("deck").textContent =
    `${words.stage} ${answer.stage}, ${words.move} ${answer.move}: ${answer.tile}`;
  await monster(answer.tile, answer.deck);
}

let playing = null;

function play() {
  if (!result) return;
  clearInterval(playing);
  slider.value = 0;
  show();
  playing = setInterval(() => {
    if (Number(slider.value) >= result.steps.length) {
      clearInterval(playing);
      return;
    }
    slider.value = Number(slider.value) + 1;
    show();
  }, 600);
}

function checkMove() {
  return busy(moved);
}

async function moved() {
  if (path.length < 1) return;
  const [token, ...squares] = path;
  path = [];
  const answer = await call("POST", "/api/darkhall/move", { state, token, path: squares });
  result = null;
  slider.max = 0;
  slider.value = 0;
  document.getElementById("status").textContent = `${token}: ${answer.squares.join(" → ")}`;
  await save(answer.state);
  show();
}

async function undo() {
  const back = await saved.undo();
  if (!back) return;
  state = back;
  standing();
  result = null;
  slider.max = 0;
  slider.value = 0;
  show();
}

for (const button of document.querySelectorAll("#modes button[data-mode]")) {
  button.addEventListener("click", () => {
    mode = mode === button.dataset.mode ? null : button.dataset.mode;
    path = [];
    pool = [];
    for (const other of document.querySelectorAll("#modes button")) {
      other.classList.toggle("active", other.dataset.mode === mode);
    }
    document.getElementById("check").hidden = mode !== "move";
  });
}
for (const button of document.querySelectorAll("button.tile")) {
  button.addEventListener("click", () => busy(() => monster(button.dataset.tile)));
}
document.getElementById("check").addEventListener("click", checkMove);
document.getElementById("undo").addEventListener("click", undo);
document.getElementById("draw").addEventListener("click", drawTile);
document.getElementById("play").addEventListener("click", play);
document.getElementById("sample").addEventListener("click",
  () => start("/api/darkhall/setup?from=sample"));
document.getElementById("basic").addEventListener("click",
  () => start(`/api/darkhall/setup?players=${document.getElementById("players").value}`));
slider.addEventListener("input", show);

zoomable(board.parentElement);
geometry = await call("GET", "/api/darkhall/board");
board.setAttribute("viewBox",
                   `-8 -8 ${geometry.width * 10 + 16} ${geometry.height * 10 + 16}`);
state = await saved.load();
if (!state) await start("/api/darkhall/setup?from=sample");
standing();
show();
document.body.dataset.ready = "yes";
