// Roguelight at the table: tap cells to dig or fill them, tap two corners to plan a room,
// and the sheet is scored live by the rules (the same TOML the command line scores).
import { call, element, words } from "./api.js";

const grid = document.getElementById("grid");
const picker = document.getElementById("map");
let board = null;
let filled = new Set();
let plans = [];
let corner = null;   // the first corner of a plan being drawn
let planning = false;

function name(x, y) {
  return String.fromCharCode(65 + x) + (y + 1);
}

export function toml() {
  const rows = [];
  for (let y = 0; y < board.height; y += 1) {
    let row = "";
    for (let x = 0; x < board.width; x += 1) row += filled.has(name(x, y)) ? "#" : ".";
    rows.push(row);
  }
  return `map = "${board.name}"\nname = "web"\nplans = [${plans.map((p) => `"${p}"`).join(", ")}]\n` +
    `filled = """\n${rows.join("\n")}\n"""\n`;
}

function draw() {
  grid.style.gridTemplateColumns = `repeat(${board.width}, 1fr)`;
  grid.replaceChildren();
  for (let y = 0; y < board.height; y += 1) {
    for (let x = 0; x < board.width; x += 1) {
      const cell = name(x, y);
      const mark = (board.symbols[cell] || "").replace(".", "");
      const button = element("button", { "data-cell": cell, type: "button",
                                         "aria-label": cell }, mark);
      button.classList.toggle("filled", filled.has(cell));
      button.classList.toggle("mark", mark !== "");
      if (plans.some((plan) => inside(cell, plan))) button.style.outline = "2px solid #2d5fa8";
      button.addEventListener("click", () => tapped(cell));
      grid.append(button);
    }
  }
}

function inside(cell, plan) {
  const [a, b] = plan.split(":");
  const col = (c) => c.charCodeAt(0) - 65;
  const row = (c) => Number(c.slice(1)) - 1;
  return col(cell) >= col(a) && col(cell) <= col(b) && row(cell) >= row(a) && row(cell) <= row(b);
}

function tapped(cell) {
  if (planning) {
    if (corner === null) {
      corner = cell;
      return;
    }
    const cols = [corner, cell].map((c) => c.charCodeAt(0)).sort((p, q) => p - q);
    const rows = [corner, cell].map((c) => Number(c.slice(1))).sort((p, q) => p - q);
    plans.push(`${String.fromCharCode(cols[0])}${rows[0]}:${String.fromCharCode(cols[1])}${rows[1]}`);
    corner = null;
  } else if (filled.has(cell)) {
    filled.delete(cell);
  } else {
    filled.add(cell);
  }
  draw();
  score();
}

async function score() {
  const total = document.getElementById("total");
  const rooms = document.getElementById("rooms");
  try {
    const answer = await call("POST", "/api/roguelight/score", { sheet: toml() },
                              { quiet: true });
    total.textContent = answer.points.total;
    rooms.replaceChildren(...answer.rooms.map((room) => element("li", {},
      `${room.letter} ${room.cells}: ${room.scoring ? "✔" : "✘"} ${room.reasons.join("; ")}`)));
  } catch (error) {
    total.textContent = "—";
    rooms.replaceChildren(element("li", { class: "hint" }, error.message));
  }
}

async function load(mapName) {
  board = await call("GET", `/api/roguelight/maps/${mapName}`);
  filled = new Set();
  for (let y = 0; y < board.height; y += 1) {
    for (let x = 0; x < board.width; x += 1) filled.add(name(x, y));
  }
  plans = [];
  draw();
  score();
}

const planButton = element("button", { id: "plan", type: "button" }, words.plan);
planButton.addEventListener("click", () => {
  planning = !planning;
  corner = null;
  planButton.classList.toggle("active", planning);
});
document.getElementById("export").before(planButton);
document.getElementById("export").addEventListener("click", () => {
  const text = toml();
  const shown = document.getElementById("toml");
  shown.textContent = text;
  shown.hidden = false;
  const link = element("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })),
                              download: "sheet.toml" });
  link.click();
});
picker.addEventListener("change", () => load(picker.value));
await load(picker.value);
document.body.dataset.ready = "yes";
