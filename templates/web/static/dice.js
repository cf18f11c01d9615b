// Dice: the games' rolls as big buttons, any notation, a log with seeds and exact odds.
import { call, element, percent, words } from "./api.js";

const log = document.getElementById("log");

async function roll(notation, seed, label = "") {
  const data = { notation };
  if (seed !== "" && seed !== undefined) data.seed = Number(seed);
  const answer = await call("POST", "/api/roll", data);
  const line = element("li", { "data-total": answer.roll.total, "data-seed": answer.roll.seed });
  line.textContent = `${label ? label + " " : ""}${answer.text} · ${words.seed} ${answer.roll.seed}` +
    ` · ${words.exactly} ${percent(answer.p_equal)}, ${words.at_least} ${percent(answer.p_at_least)}` +
    ` · ${words.mean} ${answer.mean ?? "—"}`;
  line.title = `${answer.p_equal ?? ""} · ${answer.p_at_least ?? ""}`;  // the exact fractions
  log.prepend(line);
}

for (const button of document.querySelectorAll("button[data-notation]")) {
  button.addEventListener("click", () => roll(button.dataset.notation, undefined,
                                              button.dataset.label || ""));
}

document.getElementById("rakugaaki").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  roll(`any:${form.get("k")}d6>=${form.get("n")}`);
});

document.getElementById("custom").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  roll(form.get("notation"), form.get("seed"));
});
