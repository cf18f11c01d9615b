// Rakugaaki at the table: the hex board, where the colour to play may put a 1 and which
// challenges it has with their exact odds; a tap places or challenges (dice from a seed),
// and a tap on a guard (G) then on a cell beside it moves the guard (action 1 or 2).
import { SavedGame, busy, call, element, percent, words } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = { red: "#c0392b", blue: "#2d5fa8", green: "#2f7a4f", yellow: "#d4a017",
                  purple: "#7a3fa0", orange: "#e67e22" };
const R = 10;  // the hex's radius (corner to centre)
const W = Math.sqrt(3) * R;
const svg = document.getElementById("hexes");
let board = null;
let state = null;
let options = null;
let chosenGuard = null;  // the guard cell tapped, whose steps are offered
const saved = new SavedGame("rakugaaki");

function centre(cell) {
  return [cell.x * W + (cell.y % 2 ? W / 2 : 0) + W / 2, cell.y * 1.5 * R + R];
}

function hexagon(cx, cy) {
  return Array.from({ length: 6 }, (_, k) => {
    const angle = Math.PI / 180 * (60 * k - 30);
    return `${(cx + R * Math.cos(angle)).toFixed(2)},${(cy + R * Math.sin(angle)).toFixed(2)}`;
  }).join(" ");
}

function guardSteps(cell) {
  const guard = options.guards.find((g) => g.at === cell);
  return guard ? guard.steps : [];
}

function draw() {
  svg.replaceChildren();
  const placing = options.action === 1 && !options.over;
  const ones = new Set(placing ? options.ones : []);
  const challenged = new Set(placing ? options.challenges.map((c) => c.at) : []);
  const steps = new Set(chosenGuard ? guardSteps(chosenGuard) : []);
  for (const cell of board.cells) {
    if (cell.mark === "-") continue;
    const [cx, cy] = centre(cell);
    const tile = state.tiles[cell.name];
    const [colour, value] = tile ? tile.split("-") : [null, null];
    const guard = state.guards.includes(cell.name);
    const fill = colour ? COLOURS[colour] : steps.has(cell.name) ? "#d6ecff" :
      ones.has(cell.name) ? "#fff7d6" : challenged.has(cell.name) ? "#fde0c8" : "#fbf8f1";
    const hex = document.createElementNS(SVG, "polygon");
    hex.setAttribute("points", hexagon(cx, cy));
    hex.setAttribute("fill", fill);
    const marked = steps.has(cell.name) || (guard && !options.over);
    hex.setAttribute("stroke", cell.name === chosenGuard ? "#1b4f8a" : marked ? "#2d5fa8" : "#9a8f7c");
    hex.setAttribute("stroke-width", cell.name === chosenGuard ? "1.6" : marked ? "1" : "0.5");
    hex.dataset.cell = cell.name;
    if (tile) hex.dataset.tile = tile;
    hex.addEventListener("click", () => tapped(cell.name));
    svg.append(hex);
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("x", cx);
    label.setAttribute("y", cy + 2.2);
    label.setAttribute("text-anchor", "middle");
    label.setAttribute("font-size", value ? 7 : 4);
    label.setAttribute("fill", value ? "#fff" : "#8a8070");
    label.setAttribute("pointer-events", "none");
    label.textContent = guard ? (value ? `${value}G` : "G") : value || cell.name;
    svg.append(label);
  }
  const width = Math.max(...board.cells.map((c) => centre(c)[0])) + W;
  const height = Math.max(...board.cells.map((c) => centre(c)[1])) + R;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
}

function colourName(colour) {
  return words[`colour_${colour}`] || colour;
}

// Whose turn it is and what they must do now, in words.
function status() {
  const show = options.show;
  if (show.winner) return `${words.winner}: ${colourName(show.winner)}`;
  if (show.blocked) return words.rk_blocked;
  const hand = Object.entries(options.hand).filter(([, n]) => n).map(([v, n]) => `${v}×${n}`);
  const todo = options.action === 1 ? words.rk_action1 : words.rk_action2;
  return `${colourName(options.turn)}: ${todo} · ${words.rk_hand} ${hand.join(" ") || "—"}`;
}

async function refresh(boardName = null) {
  // the board (when it is still to load) and the options of the position, together
  const [loaded, answer] = await Promise.all([
    boardName ? call("GET", `/api/rakugaaki/board/${boardName}`) : board,
    call("POST", "/api/rakugaaki/options", { state })]);
  board = loaded;
  options = answer;
  chosenGuard = null;
  const line = document.getElementById("turn");
  line.textContent = status();
  line.style.borderLeftColor = COLOURS[options.show.winner || options.turn] || "transparent";
  document.getElementById("choices").replaceChildren();
  draw();
  document.body.dataset.ready = "yes";
}

function offer(choices) {
  document.getElementById("choices").replaceChildren(...choices.map((choice) => {
    const button = element("button", { type: "button", ...choice.data }, choice.text);
    button.addEventListener("click", choice.act);
    return element("li", {}, "").appendChild(button).parentNode;
  }));
}


// Each change: busy until the page shows the answer (a tap meanwhile is not taken for the
// old board).
function moveGuard(from, to) {
  return busy(() => guardMoved(from, to));
}

async function guardMoved(from, to) {
  const done = await call("POST", "/api/rakugaaki/guard", { state, steps: [`${from}-${to}`] });
  await saved.save(done.state);
  document.getElementById("story").prepend(element("li", {},
    `${colourName(options.turn)}: ${words.rk_guard} ${from} → ${to}`));
  state = done.state;
  await refresh();
}

function place(at, value) {
  return busy(() => placed(at, value));
}

async function placed(at, value) {
  const data = { state, at, value };
  const seed = document.getElementById("seed").value;
  if (seed !== "") data.seed = Number(seed);
  const done = await call("POST", "/api/rakugaaki/challenge", data);
  await saved.save(done.state);
  state = done.state;
  const rolled = done.rolls.length
    ? ` · ${done.rolls.map((batch) => batch.join(" ")).join(" / ")} ${done.success ? "✔" : "✘"}` : "";
  document.getElementById("story").prepend(element("li", {},
    `${colourName(done.player)}: ${value} → ${at}${rolled}` +
    (value > 1 ? ` (${percent(done.chance)})` : "")));
  await refresh();
}

function tapped(cell) {
  if (options.over) return;
  if (chosenGuard && guardSteps(chosenGuard).includes(cell)) {
    moveGuard(chosenGuard, cell);
    return;
  }
  const choices = [];
  if (options.action === 1) {
    if (options.ones.includes(cell)) {
      choices.push({ text: `1 → ${cell}`, data: { "data-value": 1 }, act: () => place(cell, 1) });
    }
    for (const c of options.challenges.filter((ch) => ch.at === cell)) {
      choices.push({ text: `${c.value} → ${cell}: ${c.dice} ${words.dice_count}, ${percent(c.chance)}`,
                     data: { "data-value": c.value }, act: () => place(cell, c.value) });
    }
  }
  chosenGuard = state.guards.includes(cell) ? cell : null;
  for (const to of chosenGuard ? guardSteps(cell) : []) {
    choices.push({ text: `${words.rk_guard} ${cell} → ${to}`, data: { "data-step": `${cell}-${to}` },
                   act: () => moveGuard(cell, to) });
  }
  if (!choices.length) {
    choices.push({ text: options.action === 1 ? words.rk_nothing_here : words.rk_tap_guard,
                   data: { disabled: "" }, act: () => {} });
  }
  draw();
  offer(choices);
}

async function start() {
  const name = document.getElementById("board").value;
  board = await call("GET", `/api/rakugaaki/board/${name}`);
  state = await call("GET", `/api/rakugaaki/new?board=${name}&players=${document.getElementById("players").value}`);
  await saved.start(state);
  document.getElementById("story").replaceChildren();
  await refresh();
}

document.getElementById("new").addEventListener("click", start);
document.getElementById("undo").addEventListener("click", async () => {
  const back = await saved.undo();
  if (back) {
    state = back;
    await refresh();
  }
});
state = await saved.load();
if (state) {
  document.getElementById("board").value = state.board;
  await refresh(state.board);
} else {
  await start();
}
