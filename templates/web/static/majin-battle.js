// The 魔人 dungeon: a battle of the sample cards fought by the rules from a seed, its log
// event by event, and the chest it wins (or any chest) with the exact odds of the cap.
import { call, element, words } from "./api.js";

const english = document.body.dataset.lang === "en";
let cards = null;

function label(card) {
  const name = english && card.name_en ? card.name_en : card.name;
  const stats = `${card.hp}/${card.atk}/${card.def}/${card.spd}`;
  return `${card.id} ${name} (${card.rank || "L" + card.level}) ${stats}`;
}

function fill(select, choices) {
  select.replaceChildren(element("option", { value: "" }, "—"),
    ...choices.map((card) => element("option", { value: card.id }, label(card))));
}

function chosen(row) {
  return [...document.querySelectorAll(`#${row} select`)].map((s) => s.value || null);
}

// A card as the log names it: its id and name (in the page's language).
function named(id) {
  const card = [...cards.majin, ...cards.monsters, ...cards.bosses, ...cards.items]
    .find((c) => c.id === id);
  return card ? `${id} ${english && card.name_en ? card.name_en : card.name}` : id;
}

function describe(event) {
  const lp = event.party_lp !== undefined && event.monster_lp !== undefined
    ? ` [${event.party_lp} / ${event.monster_lp}]` : "";
  switch (event.type) {
    case "attack":
      return `${named(event.actor)} → ${named(event.target)}: ${event.atk} ${words.mj_vs} ` +
        `${event.def}` + (event.killed ? ` ✝` : event.damage ? ` −${event.damage}` : " 0") + lp;
    case "charge":
      return `${named(event.actor)} ${words.charge} ${event.roll}` +
        (!event.landed ? " ✕" : event.crit ? " ★" : event.damage ? ` −${event.damage}` : " 0") + lp;
    case "ability":
      return `${named(event.actor)} ${event.item ? named(event.item)
        : words[`mj_effect_${event.effect}`] || event.effect}` +
        (event.success ? ` ${event.amount ?? ""} ${event.killed.map(named).join(" ")}` : " ✕") + lp;
    case "escape":
      return `${named(event.card)} ${words.escape} ${event.roll ?? "—"}: ${event.success ? "✔" : "✕"}`;
    case "advance":
      return `${words.advance}: ${event.cards.join(" ")}`;
    case "summon":
      return `${event.action} ${event.cards.join(" ")}`;
    case "end":
      return `${words[event.result]}` + lp;
    default:
      return `${event.actor || ""} pass`;
  }
}

async function fight() {
  const battle = { game: "majin", kind: "battle", cards: "sample",
                   front: chosen("front"), back: chosen("back"),
                   monsters: chosen("monsters").filter(Boolean),
                   policy: { charge: document.getElementById("charge").value } };
  const answer = await call("POST", "/api/majin/battle",
                            { battle, seed: Number(document.getElementById("seed").value) });
  document.getElementById("battle").replaceChildren(...answer.log.map((event) =>
    element("li", { "data-type": event.type }, `T${event.turn} ${describe(event)}`)));
  document.getElementById("outcome").textContent =
    `${words[answer.result] || answer.phase} · LP ${answer.party_lp} / ${answer.monster_lp}`;
  if (answer.chest) document.getElementById("levels").value = answer.chest.levels.join(",");
}

async function openChest() {
  const answer = await call("POST", "/api/majin/treasure", {
    floor: Number(document.getElementById("floor").value),
    levels: document.getElementById("levels").value,
    seed: Number(document.getElementById("seed").value) });
  document.getElementById("chest").textContent =
    `N ${answer.n} · ${answer.rolls.join(" ")} → ${answer.number}` +
    (answer.over_cap ? ` > ${answer.cap}` : "") + ` · ${answer.row}: ${answer.text}` +
    (answer.yen ? ` (${answer.yen})` : "") + ` · P(>${answer.cap}) ${answer.p_over_cap}`;
}

cards = await call("GET", "/api/majin/cards");
for (const select of document.querySelectorAll("#front select, #back select")) {
  fill(select, cards.majin);
}
for (const select of document.querySelectorAll("#monsters select")) {
  fill(select, [...cards.monsters, ...cards.bosses]);
}
document.getElementById("fight").addEventListener("click", fight);
document.getElementById("open").addEventListener("click", openChest);
document.body.dataset.ready = "yes";
