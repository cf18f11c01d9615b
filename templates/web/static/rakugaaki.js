// Rakugaaki at the table: the hex board, where the colour to play may put a 1 and which
// challenges it has with their exact odds; a tap places or challenges (dice from a seed).
import { SavedGame, call, element, words } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = { red: "#c0392b", blue: "#2d5fa8", green: "#2f7a4f", yellow: "#d4a017",
                  purple: "#7a3fa0", orange: "#e67e22" };
const R = 10;  // the hex's radius (corner to centre)
const W = Math.sqrt(3) * R;
const svg = document.getElementById("hexes");
let board = null;
let state = null;
let options = null;
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

function draw() {
  svg.replaceChildren();
  const ones = new Set(options.ones);
  const challenged = new Set(options.challenges.map((c) => c.at));
  for (const cell of board.cells) {
    if (cell.mark === "-") continue;
    const [cx, cy] = centre(cell);
    const tile = state.tiles[cell.name];
    const [colour, value] = tile ? tile.split("-") : [null, null];
    const fill = colour ? COLOURS[colour] : ones.has(cell.name) ? "#fff7d6" :
      challenged.has(cell.name) ? "#fde0c8" : "#fbf8f1";
    const hex = document.createElementNS(SVG, "polygon");
    hex.setAttribute("points", hexagon(cx, cy));
    hex.setAttribute("fill", fill);
    hex.setAttribute("stroke", "#9a8f7c");
    hex.setAttribute("stroke-width", "0.5");
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
    label.textContent = value || (state.guards.includes(cell.name) ? "G" : cell.name);
    svg.append(label);
  }
  const width = Math.max(...board.cells.map((c) => centre(c)[0])) + W;
  const height = Math.max(...board.cells.map((c) => centre(c)[1])) + R;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.style.minWidth = `${width * 2.6}px`;  // a hex of 45 px at the least
}

async function refresh() {
  options = await call("POST", "/api/rakugaaki/options", { state });
  document.getElementById("turn").textContent = options.show.winner
    ? `${words.winner}: ${options.show.winner}`
    : `${options.turn} · ${Object.entries(options.hand).map(([v, n]) => `${v}×${n}`).join(" ")}`;
  document.getElementById("choices").replaceChildren();
  draw();
  document.body.dataset.ready = "yes";
}

async function place(at, value) {
  const data = { state, at, value };
  const seed = document.getElementById("seed").value;
  if (seed !== "") data.seed = Number(seed);
  const done = await call("POST", "/api/rakugaaki/challenge", data);
  await saved.save(done.state);
  state = done.state;
  document.getElementById("story").prepend(element("li", {},
    `${done.player} ${value} → ${at}` + (value > 1 ? ` · ${JSON.stringify(done.rolls)} ` +
    `${done.success ? "✔" : "✘"} (${done.chance})` : "")));
  await refresh();
}

function tapped(cell) {
  const here = options.challenges.filter((c) => c.at === cell);
  const list = document.getElementById("choices");
  const choices = [];
  if (options.ones.includes(cell)) choices.push({ value: 1, text: `1 → ${cell}` });
  for (const c of here) {
    choices.push({ value: c.value, text: `${c.value} → ${cell}: ${c.dice} ${words.dice_count}, ${c.chance}` });
  }
  list.replaceChildren(...choices.map((choice) => {
    const button = element("button", { type: "button", "data-value": choice.value }, choice.text);
    button.addEventListener("click", () => place(cell, choice.value));
    return element("li", {}, "").appendChild(button).parentNode;
  }));
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
  board = await call("GET", `/api/rakugaaki/board/${state.board}`);
  await refresh();
} else {
  await start();
}
