// Roguelight at the table: tap cells to dig or fill them, tap two corners to plan a room,
// and the sheet is scored live by the rules (the same TOML the command line scores).
import { SavedGame, busy, call, element, hideError, percent, showError, words, zoomable }
  from "./api.js";

const grid = document.getElementById("grid");
const picker = document.getElementById("map");
let board = null;
let filled = new Set();
let plans = [];
let corner = null;   // the first corner of a plan being drawn
let planning = false;
let dragFrom = null;  // a room drawn by dragging from one corner to the other
let dragged = false;
let doubtful = new Set();  // cells a photo was read with doubt about, until tapped
let doubtfulItems = new Set();  // item marks read circled or spent with doubt, until tapped
const ITEM_MARKS = ["circled", "spent"];  // the doubts about item marks, named by number
let circled = new Set();  // item marks, 1-based
let spent = new Set();
const table = JSON.parse(localStorage.getItem("roguelight-table") || "[]");
const saved = new SavedGame("roguelight");
const uploads = JSON.parse(localStorage.getItem("roguelight-uploads") || "{}");  // name → file

function offer(name, label) {
  if (![...picker.options].some((o) => o.value === name)) {
    picker.append(element("option", { value: name }, label));
  }
}

for (const [name, file] of Object.entries(uploads)) offer(name, file);

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
  const sheetName = document.getElementById("name").value.replace(/[^\w-]/g, "") || "web";
  return `map = "${board.name}"\nname = "${sheetName}"\nplans = [${plans.map((p) => `"${p}"`).join(", ")}]\n` +
    `filled = """\n${rows.join("\n")}\n"""\n\n[items]\n` +
    `circled = [${[...circled].sort((a, b) => a - b).join(", ")}]\n` +
    `spent = [${[...spent].sort((a, b) => a - b).join(", ")}]\n`;
}

// "Confirm every doubt as read" is offered while a cell or an item mark is ringed.
function offerAccept() {
  document.getElementById("accept").hidden = doubtful.size === 0 && doubtfulItems.size === 0;
}

function draw() {
  offerAccept();
  grid.style.gridTemplateColumns = `repeat(${board.width}, 1fr)`;
  grid.replaceChildren();
  for (let y = 0; y < board.height; y += 1) {
    for (let x = 0; x < board.width; x += 1) {
      const cell = name(x, y);
      const mark = (board.symbols[cell] || "").replace(".", "");
      const button = element("button", { "data-cell": cell, type: "button",
                                         "aria-label": cell }, mark);
      button.classList.toggle("filled", filled.has(cell));
      button.classList.toggle("doubt", doubtful.has(cell));
      button.classList.toggle("mark", mark !== "");
      if (plans.some((plan) => inside(cell, plan))) button.style.outline = "2px solid #2d5fa8";
      button.addEventListener("click", () => tapped(cell));
      button.addEventListener("pointerdown", () => { dragFrom = planning ? cell : null; });
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

function addPlan(a, b) {
  const cols = [a, b].map((c) => c.charCodeAt(0)).sort((p, q) => p - q);
  const rows = [a, b].map((c) => Number(c.slice(1))).sort((p, q) => p - q);
  plans.push(`${String.fromCharCode(cols[0])}${rows[0]}:${String.fromCharCode(cols[1])}${rows[1]}`);
}

grid.addEventListener("pointerup", (event) => {
  const under = document.elementFromPoint(event.clientX, event.clientY);
  const cell = under && under.dataset ? under.dataset.cell : null;
  if (planning && dragFrom && cell && cell !== dragFrom) {
    addPlan(dragFrom, cell);
    dragged = true;
    corner = null;
    draw();
    changed();
  }
  dragFrom = null;
});

function tapped(cell) {
  if (dragged) {  // the click that ends a drag
    dragged = false;
    return;
  }
  if (planning) {
    if (corner === null) {
      corner = cell;
      return;
    }
    addPlan(corner, cell);
    corner = null;
  } else if (doubtful.has(cell)) {
    confirmDoubt(cell);  // the first tap on a doubt confirms what was read
  } else if (filled.has(cell)) {
    filled.delete(cell);
  } else {
    filled.add(cell);
  }
  draw();
  changed();
}

// A change made at the table: saved as the sheet's next state, then scored.
function changed() {
  saved.save(toml()).catch(() => {});
  score();
}

async function score() {
  const total = document.getElementById("total");
  const rooms = document.getElementById("rooms");
  try {
    const answer = await call("POST", "/api/roguelight/score", { sheet: toml() },
                              { quiet: true });
    total.textContent = answer.points.total;
    const scoring = answer.rooms.filter((room) => room.scoring).length;
    document.getElementById("status").textContent =
      `${document.getElementById("name").value}: ${scoring}/${answer.rooms.length} ${words.rl_status_rooms}` +
      ` · ${answer.points.total} ${words.rl_points} — ${words.rl_status_next}`;
    const parts = ["items", "rooms", "bonus", "goals"].map((key) =>
      `${words[`rl_${key}`]} ${answer.points[key]}`);
    document.getElementById("breakdown").textContent = parts.join(" + ");
    rooms.replaceChildren(...answer.rooms.map((room) => element("li", {},
      `${room.letter} ${room.cells}: ${room.scoring ? "✔" : "✘"} ${room.reasons.join("; ")}`)));
  } catch (error) {
    document.getElementById("status").textContent = words.rl_status_building;
    total.textContent = "—";
    document.getElementById("breakdown").textContent = "";
    rooms.replaceChildren(element("li", { class: "hint" }, error.message));
  }
}

function drawItems() {
  offerAccept();
  const row = document.getElementById("items");
  row.replaceChildren(...board.item_points.map((points, index) => {
    const mark = index + 1;
    const state = spent.has(mark) ? "×" : circled.has(mark) ? "○" : "";
    const button = element("button", { type: "button", "data-item": mark },
                           `${points}${state ? " " + state : ""}`);
    button.classList.toggle("active", state !== "");
    button.classList.toggle("doubt", doubtfulItems.has(mark));
    button.addEventListener("click", () => {
      if (doubtfulItems.has(mark)) confirmItem(mark);  // the first tap confirms, as a cell's
      else if (spent.has(mark)) spent.delete(mark), circled.delete(mark);
      else if (circled.has(mark)) spent.add(mark);
      else circled.add(mark);
      drawItems();
      changed();
    });
    return button;
  }));
}

function drawTable() {
  const list = document.getElementById("table");
  list.replaceChildren(...table.map((entry, index) => {
    const item = element("li", {}, `${entry.name} (${entry.map}) `);
    const remove = element("button", { type: "button" }, words.remove);
    remove.addEventListener("click", () => {
      table.splice(index, 1);
      localStorage.setItem("roguelight-table", JSON.stringify(table));
      drawTable();
    });
    item.append(remove);
    return item;
  }));
}

async function intercept() {
  const typed = document.getElementById("dice").value.trim();
  const request = { sheets: table.map((entry) => entry.toml) };
  if (typed) request.dice = typed;
  else request.seed = Number(document.getElementById("seed").value || 0);
  const answer = await call("POST", "/api/roguelight/intercept", request);
  const lines = answer.stack.map((d) => element("li", {}, descent(d)));
  if (answer.result) {
    lines.push(element("li", { id: "winners" },
      `${words.total}: ${Object.entries(answer.result.totals).map(([n, t]) => `${n} ${t}`).join(", ")}` +
      ` · ${words.winner}: ${answer.result.winners.join(", ")}`));
  } else if (answer.solo) {
    const solo = answer.solo;  // one sheet alone: its title by its total (expected, with no dice)
    lines.push(element("li", { id: "winners" },
      `${words.rl_solo_title}: ${solo.title} (${solo.expected ? `${words.rl_expected} ` : ""}` +
      `${solo.total} ${words.rl_points})`));
  }
  document.getElementById("result").replaceChildren(...lines);
}

// One sheet's descent in words: its route, each battle with its chance and dice, the
// points it expects (exact value on request).
function descent(d) {
  const battles = d.visits.map((v) => {
    if (!v.battle) return `${v.room} ${v.scoring ? words.rl_visit_empty : words.rl_visit_unscored}`;
    const rolled = v.battle.rolled
      ? ` ${words.white} ${v.battle.rolled.white} ${words.black} ${v.battle.rolled.black}` +
        ` ${v.battle.rolled.scored ? "✔" : "✘"}` : "";
    return `${v.room} ${percent(v.battle.chance)}${rolled}`;
  });
  return `${d.sheet}: ${words.rl_route} ${d.route.join("→") || "—"} · ${battles.join(", ")}` +
    ` · ${words.rl_expected} ${d.expected_float.toFixed(2)}`;
}

// A sheet as this page writes it, read back (a saved game, or one step undone).
function restore(text) {
  const value = (key) => (text.match(new RegExp(`^${key} = (.*)$`, "m")) || [])[1];
  const list = (key) => JSON.parse(value(key) || "[]");
  document.getElementById("name").value = JSON.parse(value("name") || '"web"');
  plans = list("plans");
  circled = new Set(list("circled"));
  spent = new Set(list("spent"));
  const rows = (text.match(/filled = """\n([\s\S]*?)\n"""/) || [])[1].split("\n");
  filled = new Set();
  rows.forEach((row, y) => [...row].forEach((mark, x) => {
    if (mark === "#") filled.add(name(x, y));
  }));
}

async function resume() {
  const text = await saved.load();
  if (!text) return false;
  const mapName = JSON.parse(text.match(/^map = (.*)$/m)[1]);
  offer(mapName, uploads[mapName] || mapName);
  picker.value = mapName;
  board = await call("GET", `/api/roguelight/maps/${mapName}`);
  restore(text);
  drawItems();
  draw();
  score();
  return true;
}

async function load(mapName) {
  board = await call("GET", `/api/roguelight/maps/${mapName}`);
  doubtful = new Set();
  doubtfulItems = new Set();
  document.getElementById("doubts").replaceChildren();
  document.getElementById("said").hidden = true;
  circled = new Set(board.items_circled);
  spent = new Set();
  drawItems();
  filled = new Set();
  for (let y = 0; y < board.height; y += 1) {
    for (let x = 0; x < board.width; x += 1) filled.add(name(x, y));
  }
  plans = [];
  draw();
  saved.start(toml()).catch(() => {});
  score();
}

// A photo of the played sheet: shrunk on the phone, read by the server (not kept), then
// shown on the grid with the doubtful cells ringed, to confirm or correct with a tap.
async function shrunk(file, side = 2400) {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((done) => canvas.toBlob(done, "image/jpeg", 0.9));
}

async function readPhoto(file) {
  const photo = await shrunk(file);
  const map = picker.value.startsWith("upload-") ? `?map=${picker.value}` : "";
  const response = await fetch(`/api/roguelight/read${map}`, {
    method: "POST", body: photo, headers: { "Content-Type": "image/jpeg" } });
  const answer = await response.json();
  if (!response.ok) {
    showError(answer.error || response.statusText);
    return;
  }
  hideError();
  if (answer.map !== picker.value) {
    offer(answer.map, uploads[answer.map] || answer.map);
    picker.value = answer.map;
  }
  board = await call("GET", `/api/roguelight/maps/${answer.map}`);
  restore(answer.sheet);
  doubtful = new Set(answer.doubtful_cells);
  doubtfulItems = new Set(answer.doubts.filter((d) => ITEM_MARKS.includes(d.what))
    .map((d) => Number(d.name)));
  const untrusted = answer.overexposed ? "rl_photo_bright"
    : answer.smeared ? "rl_photo_smeared" : answer.glare ? "rl_photo_glare" : "rl_photo_small";
  const said = !answer.fine
    ? words[answer.doubts.length ? `${untrusted}_doubts` : untrusted]
    : answer.doubts.length ? words.rl_photo_doubts : words.rl_photo_sure;
  const saying = document.getElementById("said");
  saying.textContent = said;
  saying.hidden = false;
  document.getElementById("doubts").replaceChildren(
    ...answer.doubts.map((d) => element("li", { class: "doubt", "data-name": d.name,
                                                "data-what": d.what },
      `${d.name}: ${words[`rl_read_${d.what}`]} ${d.read ? "✔" : "✘"}? ${d.confidence.toFixed(2)}`)),
    ...answer.notes.map((note) => element("li", { class: "hint" }, note)));
  drawItems();
  draw();
  changed();
}

// A ringed cell confirmed by a tap: its line leaves the list of doubts, and once no
// cell or item mark is ringed the message says so rather than still asking to check them.
function confirmDoubt(cell) {
  doubtful.delete(cell);
  confirmed((item) => item.dataset.what === "cell" && item.dataset.name === cell);
}

// A ringed item mark confirmed by a tap: its lines (circled, spent) leave the list.
function confirmItem(mark) {
  doubtfulItems.delete(mark);
  confirmed((item) => ITEM_MARKS.includes(item.dataset.what) && item.dataset.name === `${mark}`);
}

function confirmed(line) {
  document.querySelectorAll("#doubts li.doubt").forEach((item) => {
    if (line(item)) item.remove();
  });
  const saying = document.getElementById("said");
  if (doubtful.size === 0 && doubtfulItems.size === 0 && !saying.hidden) {
    saying.textContent = words.rl_photo_checked;
  }
}

// Every doubt left confirmed as read at once: the player has looked the sheet over
// (a sheet small in the photo may leave dozens).
document.getElementById("accept").addEventListener("click", () => {
  doubtful = new Set();
  doubtfulItems = new Set();
  document.querySelectorAll("#doubts li.doubt").forEach((item) => item.remove());
  document.getElementById("said").hidden = true;
  drawItems();
  draw();
});

document.getElementById("photo").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (file) await busy(() => readPhoto(file));
});

const planButton = element("button", { id: "plan", type: "button" }, words.plan);
planButton.addEventListener("click", () => {
  planning = !planning;
  corner = null;
  planButton.classList.toggle("active", planning);
});
document.getElementById("export").before(planButton);
document.getElementById("upload").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  const made = await call("POST", "/api/roguelight/maps", { map: await file.text() });
  uploads[made.name] = file.name;
  localStorage.setItem("roguelight-uploads", JSON.stringify(uploads));
  offer(made.name, file.name);
  picker.value = made.name;
  await load(made.name);
});
document.getElementById("export").addEventListener("click", () => {
  // an uploaded map is named by its file, for 'companion roguelight score' beside it
  const file = uploads[board.name];
  const text = file ? toml().replace(`map = "${board.name}"`, `map = "${file}"`) : toml();
  const shown = document.getElementById("toml");
  shown.textContent = text;
  shown.hidden = false;
  const link = element("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })),
                              download: "sheet.toml" });
  link.click();
});
picker.addEventListener("change", () => load(picker.value));
document.getElementById("fresh").addEventListener("click", () => load(picker.value));
document.getElementById("undo").addEventListener("click", async () => {
  const back = await saved.undo();
  if (back) {
    restore(back);
    drawItems();
    draw();
    score();
  }
});
document.getElementById("name").addEventListener("change", changed);
document.getElementById("add").addEventListener("click", () => {
  table.push({ name: document.getElementById("name").value, map: board.name, toml: toml() });
  localStorage.setItem("roguelight-table", JSON.stringify(table));
  drawTable();
});
document.getElementById("intercept").addEventListener("click", intercept);
drawTable();
zoomable(grid.parentElement);
if (!(await resume())) await load(picker.value);
document.body.dataset.ready = "yes";
